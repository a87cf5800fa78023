package solventa.gatling;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Lets the in-process runner act at the exact moment a simulation starts injecting load (Gatling's
 * {@code before()} hook): the runner changes the provider state there, so every step's warm-up
 * slice is measured from the first request, not from Gatling's boot.
 */
public final class StepHooks {
  private static final AtomicReference<Runnable> ON_START = new AtomicReference<>();

  private StepHooks() {}

  /** Runs {@code action} once, when the next simulation starts; replaces any pending action. */
  public static void onNextStart(Runnable action) {
    ON_START.set(action);
  }

  static void fireStart() {
    Runnable r = ON_START.getAndSet(null);
    if (r != null) {
      r.run();
    }
  }
}
