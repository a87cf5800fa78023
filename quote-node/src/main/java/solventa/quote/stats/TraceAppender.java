package solventa.quote.stats;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.util.concurrent.atomic.LongAdder;
import kamon.Kamon;
import kamon.metric.Counter;

/**
 * The actuarial trace's own asynchronous appender (logback-file.xml, logback.xml): a bounded queue
 * that never blocks the quote path and <b>counts</b> every event it drops when the queue is full,
 * in Kamon ({@code quote.actuarial.dropped}) and in {@link #dropped()} (the stats JSON's {@code
 * traceDropped}). Logback's own {@code AsyncAppender} with {@code neverBlock} drops silently.
 *
 * <p>Exact: producers are serialised on this appender, and the only other party, the worker, only
 * takes from the queue, so a queue with room at the check still has room at the offer. The lock
 * costs one uncontended monitor per fallback quote.
 */
public final class TraceAppender extends AsyncAppender {
  private static final LongAdder DROPPED = new LongAdder();
  private static volatile Counter kDropped;

  public TraceAppender() {
    setNeverBlock(true);
    setDiscardingThreshold(0); // never discard by level: every trace event matters
  }

  /** Trace events dropped by every instance in this JVM since it started. */
  public static long dropped() {
    return DROPPED.sum();
  }

  @Override
  protected synchronized void append(ILoggingEvent event) {
    if (getRemainingCapacity() == 0) {
      DROPPED.increment();
      counter().increment();
      return;
    }
    super.append(event);
  }

  // Kamon may start after logback: resolve the counter on first drop
  private static Counter counter() {
    Counter c = kDropped;
    if (c == null) {
      c =
          Kamon.counter("quote.actuarial.dropped", "actuarial trace events dropped (queue full)")
              .withoutTags();
      kDropped = c;
    }
    return c;
  }
}
