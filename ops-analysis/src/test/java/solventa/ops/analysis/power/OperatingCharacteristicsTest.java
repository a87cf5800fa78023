package solventa.ops.analysis.power;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.RuleNames;
import solventa.ops.protocol.ExperimentProfile;

/**
 * Every verdict rule is admitted by its operating characteristic at the protocol's own sample
 * sizes, not by a fixture: simulated with the analysis's own estimators, each must hold with at
 * least 80 % at bound − δ and refute with at least 80 % at bound + δ. The table in
 * docs/verdict-rules.md is this simulation's output, recomputed here and compared line by line.
 */
class OperatingCharacteristicsTest {
  private static final Path RULES_DOC = Path.of("../docs/verdict-rules.md");
  private static final String BEGIN = "<!-- operating characteristics: begin -->";
  private static final String END = "<!-- operating characteristics: end -->";

  private static List<Characteristic> full;

  @BeforeAll
  static void simulateFull() {
    full = OperatingCharacteristics.of(ExperimentProfile.named("full"), Actuarial.DECLARED);
  }

  @Test
  void everyRuleGoesBothWaysAtTheFullProtocolsSizes() {
    List<String> short80 = new ArrayList<>();
    for (Characteristic c : full) {
      if (!c.admitted()) {
        short80.add(
            String.format(
                Locale.ROOT,
                "%s: %.2f hold at %.2f, %.2f refute at %.2f",
                c.rule().id(),
                c.holding().allHold(),
                c.holding().truth(),
                c.refuting().anyRefutes(),
                c.refuting().truth()));
      }
    }
    assertThat(short80).as("rules under 80 % at ±δ").isEmpty();
    assertThat(full.stream().map(c -> c.rule().id()))
        .contains(
            RuleNames.P95,
            RuleNames.P99,
            RuleNames.ERRORS,
            RuleNames.FALLBACK_THROUGH_D,
            RuleNames.SACRIFICED_HIGH,
            RuleNames.SACRIFICED_LOW,
            RuleNames.RECOVERY_TIME,
            RuleNames.MEDIAN_DIFFERENCE);
  }

  @Test
  void theFallbackShareThroughTheOutageGoesBothWaysInExploreToo() {
    ExperimentProfile explore = ExperimentProfile.named("explore");
    Rule rule =
        OperatingCharacteristics.rules(explore, Actuarial.DECLARED).stream()
            .filter(r -> r.id().equals(RuleNames.FALLBACK_THROUGH_D))
            .findFirst()
            .orElseThrow();
    assertThat(Characteristic.of(rule).admitted()).isTrue();
  }

  /**
   * The check can fail: the rules as they stood before the protocol was resized (T = 60 s, so the
   * first hour of a daily source's outage is 2.5 s of a step; five low-traffic trials) are not
   * admitted.
   */
  @Test
  void theProtocolBeforeItWasResizedFailsTheCheck() {
    ExperimentProfile old = ExperimentProfile.named("full").withRefreshAfterSec(60);
    Rule fallback =
        OperatingCharacteristics.rules(old, Actuarial.DECLARED).stream()
            .filter(r -> r.id().equals(RuleNames.FALLBACK_THROUGH_D))
            .findFirst()
            .orElseThrow();
    Characteristic c = Characteristic.of(fallback);
    assertThat(c.admitted()).isFalse();
    assertThat(c.holding().allHold()).isLessThan(0.5);
    Rule fiveTrials =
        new Rule(
            RuleNames.SACRIFICED_LOW,
            1,
            OperatingCharacteristics.lowTrafficMarginPts(10, 30),
            "%",
            true,
            1,
            "1500 requests pooled over 5 trials",
            2000,
            Simulations.share(1500, 1, true),
            false);
    assertThat(Characteristic.of(fiveTrials).admitted()).isFalse();
  }

  /** At the bound itself no rule decides often: a verdict there is mostly too close to call. */
  @Test
  void atTheBoundARuleIsMostlyTooCloseToCall() {
    for (Characteristic c : full) {
      assertThat(c.atBound().tooClose()).as(c.rule().id()).isGreaterThan(0.3);
    }
  }

  @Test
  void theRulesDocumentShowsThisTable() throws IOException {
    String doc = Files.readString(RULES_DOC);
    int from = doc.indexOf(BEGIN);
    int to = doc.indexOf(END);
    assertThat(from).as("the table's begin marker in " + RULES_DOC).isNotNegative();
    assertThat(to).as("the table's end marker").isGreaterThan(from);
    String shown = doc.substring(from + BEGIN.length(), to).strip();
    assertThat(shown).isEqualTo(table(full));
  }

  /** The table as the rules document shows it: a row a rule, at full's sizes. */
  static String table(List<Characteristic> cs) {
    StringBuilder sb =
        new StringBuilder(
            "| rule | bound | δ | sizes (full) | comparisons a verdict combines | holds at bound ∓ δ"
                + " | at the bound: holds / refutes / too close | refutes at bound ± δ | both ways"
                + " ≥ 80 % |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (Characteristic c : cs) {
      Rule r = c.rule();
      sb.append(
          String.format(
              Locale.ROOT,
              "%n| %s | %s %s %s | %s %s | %s | %d | %s | %s / %s / %s | %s | %s |",
              r.id(),
              r.holdsBelow() ? "≤" : ">",
              num(r.bound()),
              r.unit(),
              num(r.margin()),
              r.unit(),
              r.sizes(),
              r.comparisons(),
              pct(c.holding().allHold()),
              pct(c.atBound().holds()),
              pct(c.atBound().refutes()),
              pct(c.atBound().tooClose()),
              pct(c.refuting().anyRefutes()),
              c.admitted() ? "yes" : "no"));
    }
    return sb.toString();
  }

  private static String pct(double p) {
    return String.format(Locale.ROOT, "%.0f %%", 100 * p);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
  }

  /** Prints the table for the rules document (run the test class's main). */
  public static void main(String[] args) {
    System.out.println(
        table(OperatingCharacteristics.of(ExperimentProfile.named("full"), Actuarial.DECLARED)));
  }
}
