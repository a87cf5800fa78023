package solventa.ops.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.providerdouble.control.ProviderState;

/**
 * The declared outage horizon (rules version 6): 0.10–0.35 T after the change, inside every failure
 * step of quick and full, and the fallback share counted over exactly those seconds.
 */
class OutageHorizonTest {
  @Test
  void theHorizonIsInUnitsOfTAndFitsEveryFailureStepOfQuickAndFull() {
    assertThat(OutageHorizon.fromSec(20)).isEqualTo(2);
    assertThat(OutageHorizon.toSec(20)).isEqualTo(7);
    assertThat(OutageHorizon.fromSec(60)).isEqualTo(6);
    assertThat(OutageHorizon.toSec(60)).isEqualTo(21);
    assertThat(OutageHorizon.describe(20))
        .isEqualTo("2–7 s after the change (0.10–0.35 T, T = 20 s)");
    for (String name : List.of("quick", "full")) {
      ExperimentProfile p = ExperimentProfile.named(name);
      // the shortest failure step: warm-up plus the walk's measured seconds
      assertThat(p.warmupSec() + p.measureSec())
          .as(name)
          .isGreaterThanOrEqualTo(OutageHorizon.toSec(p.refreshAfterSec()));
    }
  }

  /** Seconds 2–6 of a 7-second step: 10, 20, 30, 40, 50 fallbacks of 100 (one DEFAULT each). */
  @Test
  void theShareCountsTheHorizonsSecondsOnlyWithItsInterval() {
    List<TimelinePoint> t = new ArrayList<>();
    for (int s = 0; s < 7; s++) {
      double fb = s * 10.0;
      t.add(
          new TimelinePoint(
              s, 100, 64.0, 66.0, fb, "OPEN", 0L, 0, 90, 65.0, fb - 1, 1.0, null, null, null,
              null));
    }
    StepResult step = Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE).timeline(t).build();
    OutageHorizon.Share share = OutageHorizon.of(step, 20);
    assertThat(share.answers()).isEqualTo(500);
    assertThat(share.fallbacks()).isEqualTo(20 + 30 + 40 + 50 + 60);
    assertThat(share.pct()).isEqualTo(40.0);
    assertThat(share.defaultPct()).isEqualTo(1.0);
    assertThat(share.stalePct()).isEqualTo(39.0);
    assertThat(share.interval()).isEqualTo(ClopperPearson.of(200, 500));
    OutageHorizon.Share tooShort = OutageHorizon.of(step, 60);
    assertThat(tooShort.pct()).isNull();
    assertThat(tooShort.missing()).contains("the horizon ends 21 s after the change");
  }
}
