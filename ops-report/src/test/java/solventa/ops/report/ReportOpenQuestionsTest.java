package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/** The card's open questions (a)–(d), each answered from the steps, or missing with its reason. */
class ReportOpenQuestionsTest {

  private static List<Report.Block> render(List<StepResult> steps, Map<String, Verdict> verdicts) {
    ExperimentRecord e = Records.of("full").steps(steps).verdicts(verdicts).build();
    return Report.build(e);
  }

  private static int heading(List<Report.Block> blocks, String text) {
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.text().startsWith(text)) {
        return i;
      }
    }
    throw new AssertionError("no heading " + text);
  }

  /** A count-policy trial at 200 req/s: its p99 interval and its sacrificed requests. */
  private static StepResult countTrial(String run, Interval p99, long sacrificed) {
    return Fixture.policy("count", 200)
        .run(run)
        .latency(100, (p99.low() + p99.high()) / 2)
        .intervals(new Interval(90, 110), p99)
        .sacrificed(sacrificed)
        .build();
  }

  /**
   * Two count-policy trials at 200 req/s pool their sacrificed requests (12 of 12 000); one trial's
   * p99 interval lies above 475 ms, the other's below; C's degraded step filled its pool and C's
   * unresponsive step did not; HD-01.4's brackets and HD-01.6's verdict are quoted.
   */
  @Test
  void eachQuestionIsAnsweredFromItsSteps() {
    List<StepResult> steps = new ArrayList<>();
    steps.add(countTrial("R1", new Interval(476, 500), 5));
    steps.add(countTrial("R2", new Interval(280, 320), 7));
    steps.add(
        Fixture.step(BenchArm.C, ProviderState.DEGRADED).latency(64, 66).pool(32, 3L).build());
    steps.add(
        Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE).latency(64, 66).pool(9, 0L).build());
    Map<String, Verdict> verdicts =
        Map.of(
            "HD-01.4",
            new Verdict(
                "HD-01.4",
                "",
                Verdict.SUPPORTED,
                List.of("a point", "minimum hit rate: between 88.1 % (fails) and 90.2 % (holds)")),
            "HD-01.6",
            new Verdict("HD-01.6", "", Verdict.INCONCLUSIVE, List.of()));
    List<Report.Block> blocks = render(steps, verdicts);

    int a = heading(blocks, "(a)");
    assertThat(((Report.Para) blocks.get(a + 1)).text())
        .contains("12 requests sacrificed of 12000 sent in W over 2 trial(s), 0.10 %");
    Report.Table trials = (Report.Table) blocks.get(a + 2);
    assertThat(trials.rows().get(0)).endsWith("yes");
    assertThat(trials.rows().get(1)).endsWith("no");
    assertThat(trials.rows().get(0).get(1)).isEqualTo("5 of 6000");

    int b = heading(blocks, "(b)");
    assertThat(((Report.Para) blocks.get(b + 1)).text())
        .contains("**inconclusive**")
        .contains(
            "not measured in this run: the break points over the arrival rate are bisected by the"
                + " profile breakpoints (`bin/lab experiment breakpoints`), and this run (profile"
                + " full) has none of its steps.");

    int c = heading(blocks, "(c)");
    Report.Table pool = (Report.Table) blocks.get(c + 2);
    assertThat(pool.rows())
        .containsExactly(
            List.of("C R1 degraded", "100", "32 of 32", "3", "yes"),
            List.of("C R1 unresponsive", "100", "9 of 32", "0", "no"));

    int d = heading(blocks, "(d)");
    assertThat(((Report.Para) blocks.get(d + 1)).text())
        .contains("minimum hit rate: between 88.1 % (fails) and 90.2 % (holds)");
    assertThat(((Report.Para) blocks.get(d + 2)).text())
        .contains("h_min not measured: fewer than two seeded hit rates")
        .contains("the aging model alone gives 91.9 % = (1 − c)/(1 − D/(2·T_source))")
        .contains("an implementation check of the declared inputs");
  }

  private static final ExperimentProfile FULL = ExperimentProfile.named("full");

  /** C's unresponsive step of {@code run} aging from a seeded hit rate {@code h} (%). */
  private static StepResult cOutage(String run, double h, StepKind kind) {
    Fixture f =
        Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE)
            .run(run)
            .window(FULL.warmupSec(), FULL.measureSec())
            .answers(5_000)
            .aging(h / 100, FULL.refreshAfterSec(), 2_000);
    f.kind = kind;
    return f.id(run + "-" + kind + "-C-h" + h).build();
  }

  /**
   * (d) for C: the minimum production hit rate measured over C's outage steps at three seeded hit
   * rates (the walk's at 96 %, the others at 90 and 98 %): the curves follow the aging model, so
   * the line of the share through D on h crosses 10 % at (1 − c)/(1 − D/(2 T_source)) = 91.9 %.
   */
  @Test
  void theMinimumHitRateIsMeasuredOverTheOutageStepsAtSeveralHitRates() {
    List<StepResult> steps =
        new ArrayList<>(
            List.of(
                cOutage("R1", 96, StepKind.WALK),
                cOutage("R1", 90, StepKind.OUTAGE),
                cOutage("R1", 98, StepKind.OUTAGE)));
    List<Report.Block> blocks = render(steps, Map.of());
    String text = ((Report.Para) blocks.get(heading(blocks, "(d)") + 2)).text();
    assertThat(text)
        .contains("at 3 seeded hit rates")
        .contains("**h ≥ 91.9 % [")
        .contains("the aging model alone gives 91.9 %");
  }

  private static final ExperimentProfile BP = ExperimentProfile.named(BreakpointPlan.PROFILE);

  private static StepResult bp(String series, int rate, long sacrificed) {
    return Fixture.breakpoint(BreakpointPlan.step(BP, series, rate, 1, rate != 200 && rate != 10))
        .sacrificed(sacrificed)
        .build();
  }

  private static List<Report.Block> renderBreakpoints(List<StepResult> steps) {
    ExperimentRecord e = Records.of(BreakpointPlan.PROFILE).steps(steps).build();
    return Report.build(e);
  }

  /**
   * A breakpoints run: the count policy bracketed between 21 and 27 req/s (the prediction, 22,
   * inside: an implementation check), the rate policy keeping nowhere up to 200; the pool never
   * exhausted at 200 req/s, so not at any lower rate.
   */
  @Test
  void theBreakPointsAreTheMeasuredBracketsBesideThePrediction() {
    List<StepResult> steps = new ArrayList<>();
    for (int[] rk :
        new int[][] {{200, 2}, {10, 12}, {105, 3}, {57, 4}, {33, 1}, {21, 15}, {27, 1}}) {
      steps.add(bp("count", rk[0], rk[1]));
    }
    steps.add(bp("rate", 200, 400));
    steps.add(bp("rate", 10, 30));
    steps.add(
        Fixture.breakpoint(BreakpointPlan.step(BP, BreakpointPlan.POOL, 200, 1, false))
            .pool(9, 0L)
            .build());
    List<Report.Block> blocks = renderBreakpoints(steps);

    // the answer of a run that walked no arm is what it measured, with no walk table
    int answer = heading(blocks, "Answer");
    assertThat(((Report.Para) blocks.get(answer + 1)).text())
        .contains("this run walked no arm through the provider's states (profile breakpoints)")
        .contains("count N=5: the break point lies in (21, 27] req/s (predicted 22 req/s)")
        .contains("rate ≥ 50 % of ≥ 5 calls over 30 s: no break point up to 200 req/s")
        .contains(
            "the adapter's pool with the provider slow: no break point up to 200 req/s"
                + " (predicted full from 2000 req/s)");
    assertThat(((Report.Para) blocks.get(answer + 2)).text())
        .startsWith("No arm was walked through the provider's states in this run");
    int next = answer + 1;
    while (!(blocks.get(next) instanceof Report.Heading)) {
      next++;
    }
    assertThat(blocks.subList(answer, next)).noneMatch(bl -> bl instanceof Report.Table);

    int b = heading(blocks, "(b)");
    assertThat(((Report.Para) blocks.get(b + 1)).text())
        .contains("bisected between 10 and 200 req/s");
    String count = ((Report.Para) blocks.get(b + 2)).text();
    assertThat(count)
        .startsWith("**count N=5**: the break point lies in (21, 27] req/s")
        .contains("Predicted break point: 22 req/s")
        .contains("an implementation check, not a finding");
    Report.Table countRates = (Report.Table) blocks.get(b + 3);
    assertThat(countRates.rows().get(0).subList(0, 2)).containsExactly("10", "bp-count-r10");
    assertThat(countRates.rows().get(0).get(3)).isEqualTo("no (misses 1 %)");
    assertThat(countRates.rows().get(countRates.rows().size() - 1).get(3))
        .isEqualTo("yes (keeps below 1 %)");
    String rate = ((Report.Para) blocks.get(b + 4)).text();
    assertThat(rate)
        .startsWith("**rate ≥ 50 % of ≥ 5 calls over 30 s**: no break point up to 200 req/s")
        .contains("departs from the prediction");

    int c = heading(blocks, "(c)");
    assertThat(((Report.Para) blocks.get(c + 1)).text()).contains("the break-point steps below");
    assertThat(((Report.Para) blocks.get(c + 2)).text()).startsWith("— (not run in profile");
    String pool = ((Report.Para) blocks.get(c + 3)).text();
    assertThat(pool)
        .contains("no break point up to 200 req/s")
        .contains("the pool full from 2000 req/s")
        .contains("an implementation check");
    Report.Table poolRates = (Report.Table) blocks.get(c + 4);
    assertThat(poolRates.rows())
        .containsExactly(
            List.of("200", "bp-pool-r200", "9 of 32 in flight, 0 rejected", "no (room left)"));
  }

  /** A breakpoints run that stopped before the rate policy's steps says so for that policy. */
  @Test
  void aPolicyWithoutItsBreakPointStepsSaysSo() {
    List<Report.Block> blocks = renderBreakpoints(List.of(bp("count", 200, 2)));
    int b = heading(blocks, "(b)");
    assertThat(((Report.Para) blocks.get(b + 4)).text())
        .startsWith("**rate ≥ 50 % of ≥ 5 calls over 30 s**: — (not run in profile breakpoints");
    assertThat(((Report.Para) blocks.get(heading(blocks, "(c)") + 1)).text())
        .contains("stopped before them");
  }

  /** With no policy step and no walk, each answer says what is missing. */
  @Test
  void aQuestionWithoutItsStepsSaysSo() {
    List<Report.Block> blocks = render(List.of(), Map.of());
    assertThat(((Report.Para) blocks.get(heading(blocks, "(a)") + 1)).text())
        .startsWith("— (not run in profile full");
    assertThat(((Report.Para) blocks.get(heading(blocks, "(c)") + 2)).text())
        .startsWith("— (not run in profile full");
    assertThat(((Report.Para) blocks.get(heading(blocks, "(d)") + 1)).text())
        .contains("— (no verdict)");
    assertThat(((Report.Para) blocks.get(heading(blocks, "(d)") + 2)).text())
        .contains("h_min not measured: fewer than two seeded hit rates");
  }
}
