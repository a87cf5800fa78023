package solventa.ops.faults;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import solventa.ops.lab.NodeProcess;

/**
 * The entity table of one node during the entity flood, read every {@value EdgeFlood#SAMPLE_MS} ms
 * on a thread of its own: its peak and when it was reached, its last reading, and how many reads
 * answered or failed.
 */
final class EntitySampler implements AutoCloseable {
  private final Thread thread;
  private final AtomicLong peak = new AtomicLong(-1);
  private final AtomicLong peakAtMs = new AtomicLong();
  private final AtomicLong last = new AtomicLong(-1);
  private final AtomicLong samples = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private volatile boolean stop;

  EntitySampler(NodeProcess node, long untilMs) {
    thread =
        new Thread(
            () -> {
              // bounded: it stops when told or at untilMs, whichever comes first
              while (!stop && System.currentTimeMillis() < untilMs) {
                try {
                  long n = node.snapshot().activeEntities();
                  samples.incrementAndGet();
                  last.set(n);
                  if (n > peak.get()) {
                    peak.set(n);
                    peakAtMs.set(System.currentTimeMillis());
                  }
                } catch (IOException | RuntimeException e) {
                  failures.incrementAndGet();
                }
                try {
                  Thread.sleep(EdgeFlood.SAMPLE_MS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
              }
            },
            "entity-sampler");
    thread.setDaemon(true);
    thread.start();
  }

  /** The largest table read; -1 before the first read. */
  long peak() {
    return peak.get();
  }

  /** When the peak was first read (epoch ms). */
  long peakAtMs() {
    return peakAtMs.get();
  }

  /** The last table read; -1 before the first read. */
  long last() {
    return last.get();
  }

  /** The reads that answered. */
  long samples() {
    return samples.get();
  }

  /** The reads that failed. */
  long failures() {
    return failures.get();
  }

  @Override
  public void close() throws InterruptedException {
    stop = true;
    thread.join(5_000);
  }
}
