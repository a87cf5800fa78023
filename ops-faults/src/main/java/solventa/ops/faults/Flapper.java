package solventa.ops.faults;

import solventa.providerdouble.control.ProviderStateControl;
import solventa.vocabulary.ProviderState;

/**
 * Healthy and degraded alternating every {@value ProviderFaults#FLAP_SEC} s on a thread of its own,
 * degraded first; at most {@code maxFlips} changes, so it ends by itself even if never stopped.
 */
final class Flapper {
  private final ProviderStateControl control;
  private final int maxFlips;
  private final java.util.concurrent.atomic.AtomicInteger flips =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile Thread thread;

  Flapper(ProviderStateControl control, int maxFlips) {
    this.control = control;
    this.maxFlips = maxFlips;
  }

  void start() {
    Thread t =
        new Thread(
            () -> {
              try {
                for (int i = 0; i < maxFlips && !Thread.currentThread().isInterrupted(); i++) {
                  control.apply(i % 2 == 0 ? ProviderState.DEGRADED : ProviderState.HEALTHY);
                  flips.incrementAndGet();
                  Thread.sleep(ProviderFaults.FLAP_SEC * 1000L);
                }
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "provider-flapper");
    t.setDaemon(true);
    thread = t;
    t.start();
  }

  void stop() throws InterruptedException {
    Thread t = thread;
    if (t != null) {
      t.interrupt();
      t.join(10_000);
    }
  }

  int flips() {
    return flips.get();
  }
}
