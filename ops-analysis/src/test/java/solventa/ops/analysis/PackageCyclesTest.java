package solventa.ops.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * The analysis's packages are layered and form no cycle ({@link PackageGraph}, as ops's own test):
 * a step's figures (the module beneath, ops-figures) import none of the others, the hypotheses and
 * their verdicts read the figures only, the Recommendation reads both, and the analysis that runs
 * them all sits on top.
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");
  private static final Path FIGURE_SOURCES = Path.of("../ops-figures/src/main/java");
  private static final String ROOT = "solventa.ops.analysis";
  private static final String FIGURES = ROOT + ".figures";
  private static final String HYPOTHESES = ROOT + ".hypotheses";
  private static final String RECOMMENDATION = ROOT + ".recommendation";
  private static final String POWER = ROOT + ".power";

  private static Map<String, Set<String>> graph() {
    Map<String, Set<String>> g =
        new java.util.TreeMap<>(PackageGraph.read(SOURCES, "solventa.ops"));
    g.putAll(PackageGraph.read(FIGURE_SOURCES, "solventa.ops"));
    return g;
  }

  @Test
  void theFiguresAreTheirOwnModuleAndThisModuleHoldsTheRest() {
    assertThat(PackageGraph.read(FIGURE_SOURCES, "solventa.ops")).containsOnlyKeys(FIGURES);
    assertThat(PackageGraph.read(SOURCES, "solventa.ops"))
        .containsOnlyKeys(ROOT, HYPOTHESES, RECOMMENDATION, POWER);
  }

  @Test
  void theAnalysisIsSplitByJob() {
    assertThat(graph()).containsOnlyKeys(ROOT, FIGURES, HYPOTHESES, RECOMMENDATION, POWER);
  }

  @Test
  void theFiguresImportNoneOfTheOthers() {
    assertThat(graph().get(FIGURES)).doesNotContain(ROOT, HYPOTHESES, RECOMMENDATION);
  }

  @Test
  void theHypothesesReadTheFiguresOnly() {
    assertThat(graph().get(HYPOTHESES)).contains(FIGURES).doesNotContain(ROOT, RECOMMENDATION);
  }

  @Test
  void theRecommendationReadsTheFiguresAndTheHypotheses() {
    assertThat(graph().get(RECOMMENDATION)).contains(FIGURES, HYPOTHESES).doesNotContain(ROOT);
  }

  @Test
  void theOperatingCharacteristicsReadTheRulesAndNoRuleReadsThem() {
    assertThat(graph().get(POWER)).contains(HYPOTHESES).doesNotContain(ROOT, RECOMMENDATION);
    assertThat(graph().get(HYPOTHESES)).doesNotContain(POWER);
    assertThat(graph().get(RECOMMENDATION)).doesNotContain(POWER);
  }

  @Test
  void theAnalysisHasNoCycle() {
    assertThat(PackageGraph.cycles(graph())).as("package cycles in ops-analysis").isEmpty();
  }
}
