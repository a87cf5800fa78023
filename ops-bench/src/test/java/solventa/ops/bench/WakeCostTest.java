package solventa.ops.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The wake-cost probe wakes its partner once per round and reports each kind's CPU per wake. */
class WakeCostTest {
  @Test
  void everyRoundIsOneWakeOfThePartnerAndEveryFigureIsAPositiveCpuTime() {
    WakeCost w = WakeCost.measure(40);
    assertThat(w.rounds()).isEqualTo(40);
    assertThat(w.partnerWakes()).as("one wake per unpark, none lost or extra").isEqualTo(40);
    // this JVM (HotSpot on Linux) has thread CPU clocks; a parked-and-woken thread uses some CPU
    assertThat(w.timedWakeMicros()).isNotNull().isPositive();
    assertThat(w.wokenMicros()).isNotNull().isPositive();
    assertThat(w.wakerMicros()).isNotNull().isNotNegative();
  }

  @Test
  void thePartnerThreadIsGoneWhenTheProbeReturns() {
    WakeCost.measure(5);
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(t -> t.getName().equals("wake-cost-partner") && t.isAlive());
  }

  @Test
  void zeroRoundsIsRefused() {
    assertThatThrownBy(() -> WakeCost.measure(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
