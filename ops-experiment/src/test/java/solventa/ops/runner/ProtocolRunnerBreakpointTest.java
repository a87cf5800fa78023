package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepSpec;

/**
 * The runner adds the break-point steps over the real {@code breakpoints} plan, without a lab: a
 * policy sacrifices what the prediction gives (10 + r/20, rounded), the pool is read full from 120
 * req/s.
 */
class ProtocolRunnerBreakpointTest {

  private static StepResult result(StepSpec spec) {
    Fixture f = Fixture.breakpoint(spec);
    if (BreakpointPlan.series(spec).equals(BreakpointPlan.POOL)) {
      return f.pool(spec.rate() >= 120 ? 32 : 10, 0L).build();
    }
    return f.sacrificed(Math.round(10 + spec.rate() / 20.0)).build();
  }

  @Test
  void eachSeriesIsBisectedRightAfterItsLastStep() throws IOException {
    ExperimentProfile p = ExperimentProfile.named(BreakpointPlan.PROFILE);
    List<Integer> mayAdd = new ArrayList<>();
    List<StepSpec> run =
        ProtocolRunner.walk(
            p,
            ProtocolPlan.build(p),
            ProtocolRunnerBreakpointTest::result,
            (i, s, m, r) -> mayAdd.add(m));
    List<String> ids = run.stream().map(StepSpec::id).toList();
    // count: 10 misses (11 of 300), 200 keeps (20 of 6000): 105, then 57, ... each after the last
    assertThat(ids.subList(0, 4))
        .containsExactly("bp-count-r200", "bp-count-r10", "bp-count-r105", "bp-count-r57");
    assertThat(run.stream().filter(s -> s.bisection()).count())
        .isLessThanOrEqualTo(3L * BreakpointPlan.MAX_STEPS);
    // every series' added steps follow it: the rate's start once count's are done
    int rateStart = ids.indexOf("bp-rate-r200");
    assertThat(ids.subList(0, rateStart)).allMatch(id -> id.startsWith("bp-count"));
    // the pool is full at 200, so it goes down to 10 and bisects between them
    int poolStart = ids.indexOf("bp-pool-r200");
    assertThat(ids.get(poolStart + 1)).isEqualTo("bp-pool-r10");
    assertThat(ids.get(poolStart + 2)).isEqualTo("bp-pool-r105");
    assertThat(ids.subList(poolStart, ids.size())).allMatch(id -> id.startsWith("bp-pool"));
    // the console's bound: every series' 8 at first, none once the last series ended
    assertThat(mayAdd.get(0)).isEqualTo(3 * BreakpointPlan.MAX_STEPS);
    assertThat(mayAdd.get(mayAdd.size() - 1)).isZero();
    assertThat(mayAdd).isSortedAccordingTo((a, b) -> Integer.compare(b, a));
  }
}
