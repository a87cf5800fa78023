package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import solventa.ops.protocol.ExperimentProfile;

/** The glossary's figures come from the profile and the shipped settings. */
class GlossaryTest {

  private static Map<String, String> terms(ExperimentProfile p) {
    return Glossary.of(p).stream()
        .collect(Collectors.toMap(Glossary.Term::term, Glossary.Term::meaning));
  }

  @Test
  void theShippedBudgetAndHardTimeoutAreReadNotTyped() {
    Map<String, String> t = terms(ExperimentProfile.named("quick"));
    assertThat(t.get("arm")).contains(" 120 ms budget").doesNotContain("could not be read");
    assertThat(t.get("hard timeout")).endsWith(": 700 ms");
  }

  @Test
  void theVariantsAreDescribedFromTheirOwnSettings() {
    assertThat(terms(ExperimentProfile.named("quick")).get("C+RA, C+CR"))
        .contains(
            "XFetch with beta 1)", "closes on 5 successful probes", "admitted at 20 a second");
  }

  @Test
  void theProtocolsParametersAreTheProfilesOwn() {
    for (String name : List.of("quick", "full")) {
      ExperimentProfile p = ExperimentProfile.named(name);
      Map<String, String> t = terms(p);
      assertThat(t.get("T")).contains(" " + p.refreshAfterSec() + " s after");
      assertThat(t.get("W")).endsWith(": " + p.exposureWindowSec() + " s");
      assertThat(t.get("run")).contains("this profile makes " + p.runs() + ")");
      assertThat(t.get("circuit breaker, count / rate policy"))
          .contains("N = " + p.countPolicyN() + " consecutive");
    }
  }

  @Test
  void theIntervalsResamplesAndSeedAreTheBootstrapsOwn() {
    assertThat(terms(ExperimentProfile.named("quick")).get("[lo, hi], too close to call"))
        .contains(
            "("
                + solventa.ops.statistics.Bootstrap.RESAMPLES
                + " resamples, seed "
                + solventa.ops.statistics.Bootstrap.SEED
                + ")")
        .contains("Clopper–Pearson");
  }

  /** The ceiling and the other actuarial inputs are the ones the report was judged with. */
  @Test
  void theActuarialInputsAreTheOnesTheReportWasJudgedWith() {
    solventa.ops.analysis.hypotheses.Actuarial a =
        solventa.ops.analysis.hypotheses.Actuarial.DECLARED.with(
            List.of("fallback-ceiling-pct=20", "outage-s=1200"));
    Map<String, String> t =
        Glossary.of(ExperimentProfile.named("quick"), a).stream()
            .collect(Collectors.toMap(Glossary.Term::term, Glossary.Term::meaning));
    assertThat(t.get("actuarial ceiling")).endsWith(": 20 % in this report");
    assertThat(t.get("T_source, D, A")).contains("(1200 s)");
    assertThat(t).containsKeys("clause", "fallback share through the outage", "h_min, D*");
  }

  @Test
  void everyProviderStateIsGlossedWithTheCardsSpanishName() {
    String states = terms(ExperimentProfile.named("quick")).get("provider state");
    assertThat(states).contains("healthy (Sano)", "unresponsive (Sin respuesta)", "down (Caído)");
  }

  @Test
  void anchorsFollowGithubsSlugs() {
    assertThat(Report.anchor("Results per run (card table 1)"))
        .isEqualTo("results-per-run-card-table-1");
    assertThat(Report.anchor("Concurrent misses on one key, C vs C' (card table 5)"))
        .isEqualTo("concurrent-misses-on-one-key-c-vs-c-card-table-5");
    assertThat(
            Report.anchor("Breaker policy × traffic, provider turned unresponsive (card table 4)"))
        .isEqualTo("breaker-policy--traffic-provider-turned-unresponsive-card-table-4");
  }
}
