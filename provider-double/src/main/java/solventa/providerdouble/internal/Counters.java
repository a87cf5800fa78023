package solventa.providerdouble.internal;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** Provider-API responses by status and the calls waiting for their delay, for {@code /metrics}. */
public final class Counters {
  private final ConcurrentMap<Integer, LongAdder> byStatus = new ConcurrentHashMap<>();
  private final AtomicInteger waiting = new AtomicInteger();

  /** A response sent at once (bad input). */
  public void count(int status) {
    byStatus.computeIfAbsent(status, s -> new LongAdder()).increment();
  }

  /** A call starts waiting for its delay. */
  public void started() {
    waiting.incrementAndGet();
  }

  /** A delayed call's response is handed to the HTTP layer. */
  public void finished(int status) {
    waiting.decrementAndGet();
    count(status);
  }

  public int waiting() {
    return waiting.get();
  }

  public java.util.SortedMap<Integer, Long> byStatus() {
    java.util.TreeMap<Integer, Long> copy = new java.util.TreeMap<>();
    byStatus.forEach((k, v) -> copy.put(k, v.sum()));
    return copy;
  }
}
