package solventa.ops.faults;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The usual shape of a row: open-model load starts; {@code beforeSec} later the fault is injected;
 * {@code faultSec} later it is removed; the load goes on {@code afterSec} more, so the row sees the
 * recovery. The fault's start and end are the times the injection and removal returned.
 */
public final class FaultWindow {
  /** An injection or a removal. */
  public interface Action {
    void run() throws Exception;
  }

  /**
   * What the load saw, and when the fault was on (epoch ms).
   *
   * @param load the load's answers
   * @param faultStartMs when the injection returned
   * @param faultEndMs when the removal returned
   */
  public record Outcome(FaultLoadResult load, long faultStartMs, long faultEndMs) {
    /** How long the fault lasted, s. */
    public double faultSec() {
      return (faultEndMs - faultStartMs) / 1000.0;
    }

    /** Errors among the answers to quotes sent before the fault started. */
    public long errorsBefore() {
      return load.count(s -> s.status() != 200 && s.sentMs() < faultStartMs);
    }

    /** From the fault's end to the last error it caused, s. */
    public double recoverSec() {
      return load.recoverSec(faultEndMs);
    }
  }

  private FaultWindow() {}

  /** Runs the row's load with the fault in its middle; bounded by the three lengths. */
  public static Outcome run(
      Supplier<List<String>> targets,
      List<String> customers,
      int rate,
      int beforeSec,
      int faultSec,
      int afterSec,
      long seed,
      Action inject,
      Action remove)
      throws Exception {
    FaultLoad load =
        FaultLoad.start(
            rate, Duration.ofSeconds(beforeSec + faultSec + afterSec), targets, customers, seed);
    long start;
    long end;
    try {
      sleepUntil(load.startMs() + beforeSec * 1000L);
      inject.run();
      start = System.currentTimeMillis();
      sleepUntil(start + faultSec * 1000L);
    } finally {
      remove.run();
    }
    end = System.currentTimeMillis();
    return new Outcome(load.await(), start, end);
  }

  static void sleepUntil(long epochMs) throws InterruptedException {
    long left = epochMs - System.currentTimeMillis();
    if (left > 0) {
      Thread.sleep(left);
    }
  }
}
