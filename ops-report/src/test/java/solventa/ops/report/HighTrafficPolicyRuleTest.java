package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.policy;
import static solventa.ops.report.Judged.judge;
import static solventa.ops.report.Judged.of;

import org.junit.jupiter.api.Test;
import solventa.ops.analysis.hypotheses.*;

/**
 * HD-01.5's rule (the count policy at high traffic) on fixtures, its evidence read in the words the
 * report gives its findings ({@link EvidenceWords}): the rule and its words together.
 */
class HighTrafficPolicyRuleTest {

  final Hypothesis h = new SacrificedHighTraffic();

  /** At 200 req/s W holds 6 000 requests: 12 sacrificed is [0.10, 0.35] %, wholly below 1 %. */
  @Test
  void supportedWhenTheWholeIntervalIsBelowOnePercent() {
    Judged v = judge(h, of(policy("count", 200).sacrificed(12), policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(l -> l.contains("12 sacrificed of 6000 requests in W (0.20 % [0.10, 0.35])"))
        .anyMatch(l -> l.endsWith("→ < 1 %"));
  }

  /** 90 of 6 000 (1.50 %): the whole interval lies at or above 1 %. */
  @Test
  void refutedWhenTheWholeIntervalIsAtOrAboveOnePercent() {
    Judged v = judge(h, of(policy("count", 200).sacrificed(90), policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines()).anyMatch(l -> l.endsWith("→ ≥ 1 %"));
  }

  /**
   * 60 of 6 000 is exactly 1.00 %, which version 5's point comparison refuted; its interval
   * contains 1 %: too close to call (rules version 11).
   */
  @Test
  void inconclusiveWhenTheIntervalContainsOnePercent() {
    Judged v = judge(h, of(policy("count", 200).sacrificed(60), policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.endsWith(
                    "→ too close to call: count N=5 at 200 req/s pooled sacrificed 1.00 % [0.76,"
                        + " 1.29] against 1 %"));
  }

  /**
   * Rules version 12: the count policy's trials at 200 req/s, one per run, are pooled: 40, 30 and
   * 50 of 6 000 (each [0.48, 0.91] % to [0.62, 1.10] %, the last too close alone) are 120 of 18
   * 000, 0.67 % [0.55, 0.80]: below 1 %, and the evidence names every trial.
   */
  @Test
  void supportedOnTheTrialsPooledOverTheRuns() {
    Judged v =
        judge(
            h,
            of(
                policy("count", 200).run("R1").id("policy-count-r200").sacrificed(40),
                policy("count", 200).run("R2").id("R2-policy-count-r200").sacrificed(30),
                policy("count", 200).run("R3").id("R3-policy-count-r200").sacrificed(50),
                policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.contains("3 trials pooled, 120 sacrificed of 18000 requests in W (0.67 %")
                    && l.contains(
                        "policy-count-r200 40 of 6000, R2-policy-count-r200 30 of 6000,"
                            + " R3-policy-count-r200 50 of 6000")
                    && l.endsWith("→ < 1 %"));
  }

  /** One run that sacrificed 300 of 6 000 weighs in the pool: 330 of 18 000 is above 1 %. */
  @Test
  void refutedWhenThePoolIsAboveOnePercentThoughTwoRunsAreBelow() {
    Judged v =
        judge(
            h,
            of(
                policy("count", 200).run("R1").id("a").sacrificed(10),
                policy("count", 200).run("R2").id("b").sacrificed(20),
                policy("count", 200).run("R3").id("c").sacrificed(300),
                policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
  }

  /** A trial that is not usable is left out of the pool, named with its reason. */
  @Test
  void anUnusableTrialIsLeftOutAndNamed() {
    Judged v =
        judge(
            h,
            of(
                policy("count", 200).run("R1").id("a").sacrificed(10),
                policy("count", 200).run("R2").id("b").sacrificed(10).invalid(),
                policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.contains("1 trial pooled, 10 sacrificed of 6000")
                    && l.contains("left out: b is invalid"));
  }

  /** Results written before intervals: the share alone is never compared. */
  @Test
  void inconclusiveWithoutTheSharesInterval() {
    Judged v =
        judge(h, of(policy("count", 200).sacrificed(12).withoutIntervals(), policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(l -> l.contains("no trial pooled") && l.contains("no interval stored"));
  }

  @Test
  void inconclusiveWithoutAShareOverTheWholeWindow() {
    Judged v = judge(h, of(policy("count", 200).sacrificedPct(null), policy("count", 10)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines()).anyMatch(l -> l.contains("before W"));
  }
}
