package solventa.quote.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Rating's cost timer learns the whole ticks Pekko's scheduler adds (decision 0055). */
class CostTimerCalibrationTest {
  private static final long MS = 1_000_000L;
  private static final long TICK = MS;

  private static CostTimerCalibration calibration() {
    return new CostTimerCalibration(TICK, 2, 4);
  }

  /**
   * A window of timers, each asked for {@code asked} and late by {@code lateness} after rounding.
   */
  private static void window(CostTimerCalibration c, long asked, long... lateness) {
    for (long l : lateness) {
      c.observe(asked, c.roundedUp(asked) + l);
    }
  }

  @Test
  void asksForTheFullCostUntilAWindowIsFull() {
    CostTimerCalibration c = calibration();
    window(c, 60 * MS, 1_600_000, 1_600_000, 1_600_000);
    assertEquals(0, c.compensationNanos());
    assertEquals(60 * MS, c.askFor(60 * MS));
    assertEquals(-1, c.lastMedianNanos());
  }

  @Test
  void takesOffTheWholeTicksOfTheMedianLateness() {
    CostTimerCalibration c = calibration();
    window(c, 60 * MS, 1_100_000, 1_600_000, 1_700_000, 9_000_000);
    assertEquals(1_700_000, c.lastMedianNanos());
    assertEquals(TICK, c.compensationNanos(), "1.7 ticks floored: the cost is never undercut");
    assertEquals(59 * MS, c.askFor(60 * MS));
  }

  @Test
  void neverTakesOffMoreThanItsMaximum() {
    CostTimerCalibration c = calibration();
    window(c, 60 * MS, 7 * MS, 8 * MS, 9 * MS, 9 * MS);
    assertEquals(2 * TICK, c.compensationNanos());
  }

  @Test
  void aPunctualSchedulerGetsNoCompensation() {
    CostTimerCalibration c = calibration();
    window(c, 60 * MS, 1_600_000, 1_600_000, 1_600_000, 1_600_000);
    assertEquals(TICK, c.compensationNanos());
    window(c, 59 * MS, 100_000, 200_000, 300_000, 400_000);
    assertEquals(0, c.compensationNanos(), "a later window replaces the earlier one");
  }

  @Test
  void latenessIsCountedAgainstTheTickRoundedDelaySoTheCompensationDoesNotFeedOnItself() {
    CostTimerCalibration c = calibration();
    // asked 58.4 ms: Pekko rounds it up to 59 ms, so a timer run at 60.6 ms is 1.6 ms late
    for (int i = 0; i < 4; i++) {
      c.observe(58_400_000, 60_600_000);
    }
    assertEquals(1_600_000, c.lastMedianNanos());
    assertEquals(59 * MS, c.roundedUp(58_400_000));
    assertEquals(59 * MS, c.roundedUp(59 * MS));
  }

  @Test
  void timersAskedForNoDelayTeachNothing() {
    CostTimerCalibration c = calibration();
    for (int i = 0; i < 8; i++) {
      c.observe(0, 5 * MS);
    }
    assertEquals(-1, c.lastMedianNanos());
    assertEquals(0, c.askFor(-3));
  }

  @Test
  void refusesANonsensicalSetUp() {
    assertThrows(IllegalArgumentException.class, () -> new CostTimerCalibration(0, 2, 4));
    assertThrows(IllegalArgumentException.class, () -> new CostTimerCalibration(TICK, -1, 4));
    assertThrows(IllegalArgumentException.class, () -> new CostTimerCalibration(TICK, 2, 0));
  }
}
