package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepSpec;
import solventa.ops.protocol.SweepPlan;

/**
 * The runner's extension path (decision 0022) over the real {@code full} plan, without a lab: each
 * step "runs" by returning a recorded-like result; C's sweep answers with the p99 given per rate.
 */
class ProtocolRunnerBisectionTest {

  /** Walks {@code profile}'s plan; C's sweep step at rate (points) p has p99 {@code p99.get(p)}. */
  private static Walked walk(String profile, Map<Integer, Double> p99) throws IOException {
    ExperimentProfile p = ExperimentProfile.named(profile);
    List<String> console = new ArrayList<>();
    List<StepSpec> run =
        ProtocolRunner.walk(
            p,
            ProtocolPlan.build(p),
            spec -> result(spec, p99),
            (i, steps, mayAdd, r) -> console.add((i + 1) + "/" + steps.size() + "+" + mayAdd));
    return new Walked(run, console);
  }

  record Walked(List<StepSpec> steps, List<String> console) {
    List<String> ids() {
      return steps.stream().map(StepSpec::id).toList();
    }
  }

  private static StepResult result(StepSpec spec, Map<Integer, Double> p99) {
    Fixture f = Fixture.of(spec);
    if (SweepPlan.isCSweep(spec)) {
      f.latency(150, p99.get((int) Math.round(spec.hitRate() * 100)));
    }
    if (SweepPlan.isSweep(spec, BenchArm.B)) {
      // B waits for the degraded provider on every miss: it meets only at 99.5 %
      f.latency(150, spec.hitRate() >= 0.995 - 1e-9 ? 300 : 720);
    }
    return f.build();
  }

  @Test
  void fullBisectsRightAfterCsSweepOnTheSameNodeUntilTheBracketIsTwoPoints() throws IOException {
    // C holds down to 94 %, fails from 93 %: 90–96 → 93 (fails) → 94 (holds): bracket 93–94
    Walked w =
        walk("full", Map.of(99, 200.0, 96, 250.0, 94, 300.0, 93, 600.0, 90, 700.0, 50, 900.0));
    List<String> ids = w.ids();
    int last = ids.indexOf("sweep-C-h50");
    assertThat(ids.subList(last + 1, last + 4))
        .containsExactly("sweep-C-h93", "sweep-C-h94", "policy-count-r200");
    assertThat(w.steps().get(last + 1).bisection()).isTrue();
    assertThat(w.steps().get(last + 1).arm()).isEqualTo(BenchArm.C);
    assertThat(w.steps().get(last + 1).run()).isEqualTo("R1");
    assertThat(w.steps().size())
        .as("C's two and B's one")
        .isEqualTo(ProtocolPlan.build(ExperimentProfile.named("full")).size() + 3);
    int planned = ProtocolPlan.build(ExperimentProfile.named("full")).size();
    // before C's sweep ends the console counts the 2 of each arm that may be added; after, none
    assertThat(w.console().get(0)).isEqualTo("1/" + planned + "+4");
    assertThat(w.console().get(w.console().size() - 1))
        .isEqualTo((planned + 3) + "/" + (planned + 3) + "+0");
    // the later runs have no sweep (rules version 15), and nothing is bisected there
    assertThat(w.steps().stream().filter(StepSpec::bisection)).allMatch(s -> s.run().equals("R1"));
    for (String run : List.of("R2", "R3")) {
      assertThat(ids).doesNotContain(run + "-sweep-C-h50");
    }
  }

  @Test
  void fullStopsAtTheBoundOfTwoSteps() throws IOException {
    // holds at 96 and 90, fails at 50: 50–90 → 70 (fails), 80 (fails); bound reached
    Walked w =
        walk(
            "full",
            Map.of(99, 200.0, 96, 250.0, 90, 300.0, 50, 900.0, 70, 900.0, 80, 900.0, 85, 300.0));
    assertThat(
            w.steps().stream()
                .filter(s -> s.bisection() && s.arm() == BenchArm.C)
                .map(StepSpec::id))
        .containsExactly("sweep-C-h70", "sweep-C-h80");
  }

  /** C holds at every planned rate: the sweep is extended to 0 %, where it holds or fails. */
  @Test
  void fullExtendsCsSweepToZeroWhenItHoldsEverywhere() throws IOException {
    Walked holds = walk("full", Map.of(99, 180.0, 96, 182.0, 90, 190.0, 50, 194.0, 0, 200.0));
    assertThat(cBisection(holds)).containsExactly("sweep-C-h0");
    Walked fails =
        walk(
            "full",
            Map.of(99, 180.0, 96, 182.0, 90, 190.0, 50, 194.0, 0, 700.0, 25, 300.0, 12, 700.0));
    assertThat(cBisection(fails)).containsExactly("sweep-C-h0", "sweep-C-h25");
  }

  private static List<String> cBisection(Walked w) {
    return w.steps().stream()
        .filter(s -> s.bisection() && s.arm() == BenchArm.C)
        .map(StepSpec::id)
        .toList();
  }

  /**
   * B's bracket is bisected as C's (issue 28): failing at every planned rate, its sweep extends up
   * to 99.5 % (1 − the never-seen share), right after B's sweep on B's node; holding there, the
   * bracket 99.0–99.5 has no whole point between its ends and the bisection stops.
   */
  @Test
  void fullExtendsBsSweepUpwardsRightAfterIt() throws IOException {
    Walked w =
        walk("full", Map.of(99, 200.0, 96, 250.0, 90, 600.0, 50, 900.0, 93, 600.0, 94, 300.0));
    List<String> ids = w.ids();
    int last = ids.indexOf("sweep-B-h50");
    assertThat(ids.get(last + 1)).isEqualTo("sweep-B-h99.5");
    StepSpec added = w.steps().get(last + 1);
    assertThat(added.bisection()).isTrue();
    assertThat(added.arm()).isEqualTo(BenchArm.B);
    assertThat(added.hitRate()).isEqualTo(0.995);
    assertThat(ids.get(last + 2)).doesNotStartWith("sweep-B");
  }

  @Test
  void quickAndSmokeRunTheirPlanUnchanged() throws IOException {
    Map<Integer, Double> p99 = Map.of(99, 200.0, 96, 250.0, 90, 600.0, 50, 900.0);
    for (String name : List.of("quick", "smoke")) {
      Walked w = walk(name, p99);
      assertThat(w.steps()).as(name).isEqualTo(ProtocolPlan.build(ExperimentProfile.named(name)));
      assertThat(w.console()).as(name).allMatch(l -> l.endsWith("+0"));
    }
  }
}
