package solventa.gatling;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Lets the in-process runner act at the exact moment a simulation starts injecting load (Gatling's
 * {@code before()} hook): the runner changes the provider state there, so every step's warm-up
 * slice is measured from the first request, not from Gatling's boot. A watcher ({@link #watchNext})
 * sees every request of the next simulation as it is recorded: {@code bin/lab load} prints its
 * per-second line from it.
 */
public final class StepHooks {
  private static final AtomicReference<Runnable> ON_START = new AtomicReference<>();
  private static final AtomicReference<Consumer<RequestRecord>> WATCHER = new AtomicReference<>();

  private StepHooks() {}

  /** Runs {@code action} once, when the next simulation starts; replaces any pending action. */
  public static void onNextStart(Runnable action) {
    ON_START.set(action);
  }

  /**
   * Hands every request the next simulation records to {@code watcher}, on the thread that records
   * it (Gatling's): the watcher must only hand it on (a queue), never block.
   */
  public static void watchNext(Consumer<RequestRecord> watcher) {
    WATCHER.set(watcher);
  }

  static void fireStart(RequestLog log) {
    log.watch(WATCHER.getAndSet(null));
    Runnable r = ON_START.getAndSet(null);
    if (r != null) {
      r.run();
    }
  }
}
