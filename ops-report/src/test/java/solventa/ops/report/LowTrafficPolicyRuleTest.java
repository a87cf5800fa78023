package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.policy;
import static solventa.ops.report.Judged.judge;
import static solventa.ops.report.Judged.of;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.*;

/**
 * HD-01.6's rule (every breaker setting at low traffic) on fixtures, its evidence read in the words
 * the report gives its findings ({@link EvidenceWords}): the rule and its words together.
 */
class LowTrafficPolicyRuleTest {

  final Hypothesis h = new LowTrafficPolicies();
  static final int LOW = 10;

  /**
   * The high-traffic step, then the low-traffic grid: the protocol's settings (count N = 5, rate ≥
   * 5 calls) and the grid's; at 10 req/s W holds 300 requests, 1 % is 3.
   */
  List<StepResult> grid(Fixture... low) {
    List<Fixture> all = new java.util.ArrayList<>();
    all.add(policy("count", 200));
    all.addAll(List.of(low));
    return of(all.toArray(Fixture[]::new));
  }

  /**
   * From an empty window both protocol settings need 5 failures, more than 3: shown, not judged,
   * and with nothing else measured the verdict is inconclusive (the v5 sample's situation).
   */
  @Test
  void theProtocolsOwnSettingsCannotOpenWithinOnePercentAndAreNotJudged() {
    Judged v =
        judge(h, grid(policy("count", LOW).sacrificed(6), policy("rate", LOW).sacrificed(5)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .contains(
            "count N=5 at 10 req/s, provider turned unresponsive: 1 trial pooled, 6 sacrificed"
                + " of 300 requests in W (2.00 % [0.74, 4.30]):"
                + " R1-C-UNRESPONSIVE-POLICY-count10-0.96 6 of 300 (time to open 1000 ms) → not"
                + " judged: inconclusive (the policy cannot open within 1 % at this traffic):"
                + " count N=5 needs 5 failures before it can open, more than 1 % of the 300"
                + " requests in W = 30 s at 10 req/s (3)")
        .anyMatch(
            l ->
                l.startsWith("rate ≥ 50 % of ≥ 5 calls over 30 s at 10 req/s")
                    && l.contains("needs 5 failures"))
        .contains(
            "open question (b), settings that keep the sacrificed share < 1 % at 10 req/s: none");
  }

  /**
   * The count grid clearly misses (8 and 9 of 300: intervals wholly above 1 %) and the rate grid's
   * ≥ 2 calls keeps it over 600 requests (0 of 600: [0, 0.61] %, as pooled trials would give; one
   * step of 300 cannot): supported, and (b) answered.
   */
  @Test
  void supportedWhenEveryCountSettingMissesAndARateSettingKeepsIt() {
    Judged v =
        judge(
            h,
            grid(
                policy("count", LOW).sacrificed(6),
                policy("rate", LOW).sacrificed(5),
                policy("count-n2", LOW).sacrificed(8),
                policy("count-n3", LOW).sacrificed(9),
                policy("rate-m2", LOW).sacrificed(0, 600),
                policy("rate-m4", LOW).sacrificed(4)));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .contains(
            "open question (b), settings that keep the sacrificed share < 1 % at 10 req/s:"
                + " rate ≥ 50 % of ≥ 2 calls over 30 s")
        .anyMatch(
            l ->
                l.startsWith("count N=2 at 10 req/s")
                    && l.contains("8 sacrificed of 300 requests in W (2.67 % [1.16, 5.19])")
                    && l.endsWith("→ ≥ 1 %"));
  }

  /** One step of 300 requests cannot keep the share: even none sacrificed is [0, 1.22] %. */
  @Test
  void noneOfThreeHundredIsTooCloseToCall() {
    StepResult none = policy("rate-m2", LOW).sacrificed(0).build();
    assertThat(LowTrafficPolicies.standing(Fixture.rules(), "rate-m2", List.of(none), LOW))
        .isEqualTo(LowTrafficPolicies.Standing.TOO_CLOSE);
    StepResult pooled = policy("rate-m2", LOW).sacrificed(0, 368).build();
    assertThat(LowTrafficPolicies.standing(Fixture.rules(), "rate-m2", List.of(pooled), LOW))
        .isEqualTo(LowTrafficPolicies.Standing.KEEPS);
    StepResult eight = policy("rate-m2", LOW).sacrificed(8).build();
    assertThat(LowTrafficPolicies.standing(Fixture.rules(), "rate-m2", List.of(eight), LOW))
        .isEqualTo(LowTrafficPolicies.Standing.MISSES);
  }

  /**
   * Five trials of one setting over the three runs (2, 2, 1), each with {@code sacrificed[i]} of
   * 300 in W: the full profile's spread.
   */
  List<Fixture> trials(String policy, int... sacrificed) {
    String[] runs = {"R1", "R1", "R2", "R2", "R3"};
    List<Fixture> out = new ArrayList<>();
    for (int i = 0; i < sacrificed.length; i++) {
      String run = runs[i % runs.length];
      String base = "policy-" + policy + "-r10" + (i % 2 == 1 && i < 4 ? "-t2" : "");
      out.add(
          policy(policy, LOW)
              .run(run)
              .id(run.equals("R1") ? base : run + "-" + base)
              .sacrificed(sacrificed[i]));
    }
    return out;
  }

  List<StepResult> gridOf(List<List<Fixture>> settings) {
    List<Fixture> all = new ArrayList<>();
    all.add(policy("count", 200));
    settings.forEach(all::addAll);
    return of(all.toArray(Fixture[]::new));
  }

  /**
   * Rules version 12: the trials are pooled. 0 of 1 500 (five trials of the rate setting) is [0,
   * 0.25] %: it keeps, which no single trial of 300 can show; the count settings' 6 of 300 each (30
   * of 1 500, [1.35, 2.84] %) miss: supported, and the evidence names the trials.
   */
  @Test
  void supportedOnFiveTrialsPooled() {
    Judged v =
        judge(
            h,
            gridOf(
                List.of(
                    trials("count-n2", 6, 6, 6, 6, 6),
                    trials("count-n3", 6, 6, 6, 6, 6),
                    trials("rate-m2", 0, 0, 0, 0, 0))));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.basis()).isNull(); // set by VerdictRules, not by the hypothesis
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith(
                        "rate ≥ 50 % of ≥ 2 calls over 30 s at 10 req/s, provider turned"
                            + " unresponsive: 5 trials pooled, 0 sacrificed of 1500 requests in W"
                            + " (0.00 % [0.00, 0.25]): policy-rate-m2-r10 0 of 300,"
                            + " policy-rate-m2-r10-t2 0 of 300, R2-policy-rate-m2-r10 0 of 300,")
                    && l.endsWith("→ < 1 %"))
        .anyMatch(
            l ->
                l.startsWith("count N=2 at 10 req/s")
                    && l.contains("30 sacrificed of 1500 requests in W (2.00 % [1.35, 2.84])")
                    && l.endsWith("→ ≥ 1 %"));
  }

  /** Pooled, 10 of 1 500 (0.67 % [0.32, 1.22]) is too close to call: inconclusive. */
  @Test
  void inconclusiveWhenThePoolIsTooCloseToCall() {
    Judged v =
        judge(
            h,
            gridOf(List.of(trials("count-n2", 2, 2, 2, 2, 2), trials("rate-m2", 0, 0, 0, 0, 0))));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith("INCONCLUSIVE: count N=2 at 10 req/s")
                    && l.endsWith(
                        "→ too close to call: count N=2 at 10 req/s pooled sacrificed 0.67 %"
                            + " [0.32, 1.22] against 1 %"));
  }

  /**
   * A count setting whose five trials keep it (1 of 1 500, [0.00, 0.37] %) refutes, though each
   * trial alone was too close to call.
   */
  @Test
  void refutedWhenACountSettingKeepsItPooled() {
    Judged v =
        judge(
            h,
            gridOf(List.of(trials("count-n2", 1, 0, 0, 0, 0), trials("rate-m2", 0, 0, 0, 0, 0))));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains("a count setting kept the sacrificed share below 1 % at low traffic");
  }

  /** Every rate setting misses pooled (30 of 1 500): refuted. */
  @Test
  void refutedWhenTheRateSettingMissesPooled() {
    Judged v =
        judge(
            h,
            gridOf(List.of(trials("count-n2", 6, 6, 6, 6, 6), trials("rate-m2", 6, 6, 6, 6, 6))));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains("no rate setting kept the sacrificed share below 1 % at low traffic");
  }

  /**
   * A trial that is not usable is left out of the pool and named; the rest decide. Four clean
   * trials are 0 of 1 200, [0, 0.31] %: the setting keeps.
   */
  @Test
  void anUnusableTrialIsLeftOutOfThePool() {
    List<Fixture> rate = trials("rate-m2", 0, 0, 0, 0, 0);
    rate.get(4).invalid();
    Judged v = judge(h, gridOf(List.of(trials("count-n2", 6, 6, 6, 6, 6), rate)));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.contains("4 trials pooled, 0 sacrificed of 1200")
                    && l.contains("left out: R3-policy-rate-m2-r10 is invalid"));
  }

  /** What the verdict was judged on: the runs, and the trials of the judged settings. */
  @Test
  void theBasisNamesTheTrials() {
    List<StepResult> full =
        gridOf(
            List.of(
                trials("count-n2", 6, 6, 6, 6, 6),
                trials("rate-m2", 0, 0, 0, 0, 0),
                List.of(policy("count", LOW).sacrificed(6))));
    assertThat(Fixture.rules().evaluate(new StepResults(full), List.of()).get("HD-01.6").basis())
        .endsWith("judged settings: 5 trials each of ≥ 12");
    List<StepResult> quick =
        grid(policy("count-n2", LOW).sacrificed(3), policy("rate-m2", LOW).sacrificed(3));
    assertThat(Fixture.rules().evaluate(new StepResults(quick), List.of()).get("HD-01.6").basis())
        .endsWith("judged settings: 1 trial each of ≥ 12");
  }

  /** The card's methodological note: a count threshold that suffices refutes the hypothesis. */
  @Test
  void refutedWhenACountSettingKeepsIt() {
    Judged v =
        judge(
            h,
            grid(
                policy("count", LOW).sacrificed(6),
                policy("count-n2", LOW).sacrificed(0, 600),
                policy("rate-m2", LOW).sacrificed(1, 600)));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains("a count setting kept the sacrificed share below 1 % at low traffic")
        .contains(
            "open question (b), settings that keep the sacrificed share < 1 % at 10 req/s:"
                + " count N=2, rate ≥ 50 % of ≥ 2 calls over 30 s");
  }

  @Test
  void refutedWhenEveryJudgedRateSettingMisses() {
    Judged v =
        judge(
            h,
            grid(
                policy("count-n2", LOW).sacrificed(8),
                policy("rate-m2", LOW).sacrificed(9),
                policy("rate", LOW).sacrificed(5)));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains("no rate setting kept the sacrificed share below 1 % at low traffic")
        .noneMatch(l -> l.contains("a count setting kept"));
  }

  /**
   * The full sample's grid: 3 of 300 is exactly 1.00 %, which versions 6–10 called a miss; its
   * interval [0.21, 2.89] % contains 1 %: too close to call, and the verdict inconclusive.
   */
  @Test
  void inconclusiveWhenTheSettingsAreTooCloseToCall() {
    Judged v =
        judge(
            h,
            grid(
                policy("count-n2", LOW).sacrificed(3),
                policy("count-n3", LOW).sacrificed(3),
                policy("rate-m2", LOW).sacrificed(5)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith("INCONCLUSIVE: count N=2 at 10 req/s")
                    && l.endsWith(
                        "→ too close to call: count N=2 at 10 req/s pooled sacrificed 1.00 %"
                            + " [0.21, 2.89] against 1 %"))
        .anyMatch(
            l ->
                l.startsWith("rate ≥ 50 % of ≥ 2 calls over 30 s at 10 req/s")
                    && l.contains("→ too close to call: rate ≥ 50 % of ≥ 2 calls"))
        .contains(
            "INCONCLUSIVE: no rate setting kept the share below 1 %, and a rate setting was too"
                + " close to call")
        .noneMatch(l -> l.contains("kept the sacrificed share below 1 % at low traffic"));
  }

  /**
   * A count grid that clearly misses with the rate setting too close: inconclusive, not refuted.
   */
  @Test
  void inconclusiveWhenTheOnlyRateSettingIsTooCloseToCall() {
    Judged v =
        judge(h, grid(policy("count-n2", LOW).sacrificed(8), policy("rate-m2", LOW).sacrificed(2)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .contains(
            "INCONCLUSIVE: no rate setting kept the share below 1 %, and a rate setting was too"
                + " close to call");
  }

  @Test
  void inconclusiveWhenTheRateMissesButARateStepWasNotUsable() {
    Judged v =
        judge(
            h,
            grid(
                policy("count-n2", LOW).sacrificed(8),
                policy("rate-m2", LOW).sacrificed(2).invalid(),
                policy("rate-m4", LOW).sacrificed(4)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines()).anyMatch(l -> l.startsWith("not judged: "));
  }

  @Test
  void inconclusiveWithoutALowTrafficStep() {
    assertThat(judge(h, of(policy("count", 200))).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }

  /** Why a setting cannot open within 1 %, as the evidence words it. */
  @Test
  void aSettingThatCannotOpenWithinOnePercentSaysWhy() {
    assertThat(PolicyWords.cannotOpen(PolicySteps.cannotOpen(Fixture.rules(), "rate-m4", LOW)))
        .isEqualTo(
            "inconclusive (the policy cannot open within 1 % at this traffic): rate ≥ 50 % of ≥ 4"
                + " calls over 30 s needs 4 failures before it can open, more than 1 % of the 300"
                + " requests in W = 30 s at 10 req/s (3)");
  }
}
