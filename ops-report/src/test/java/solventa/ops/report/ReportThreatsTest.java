package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.vocabulary.ProviderState;

/**
 * The Threats section's cache-dynamics line states the settings of the profile that ran (issue 28,
 * item 7): it once said "refresh-after 30 min … DEFAULT rather than STALE" long after T became a
 * profile setting of 20 s (quick) and 60 s (full).
 */
class ReportThreatsTest {

  private static List<String> threats(String profile) {
    ExperimentRecord e =
        Records.of(profile)
            .steps(List.of(Fixture.step(BenchArm.C, ProviderState.HEALTHY).build()))
            .build();
    return Report.build(e).stream()
        .filter(b -> b instanceof Report.Bullets)
        .map(Report.Bullets.class::cast)
        .map(Report.Bullets::items)
        .filter(items -> items.stream().anyMatch(i -> i.startsWith("Absolute thresholds")))
        .findFirst()
        .orElseThrow();
  }

  private static String cacheLine(String profile) {
    return threats(profile).stream()
        .filter(l -> l.startsWith("Known customers' values expire"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void fullStatesItsTAndTheOutageStepsLength() {
    assertThat(cacheLine("full"))
        .contains("T = refresh-after = 600 s.")
        .contains("Every step but recovery draws new known customers")
        .contains("on DEFAULT for never-seen customers (0.5 % of requests)")
        .contains("The walk's outage steps end 30–35 s after the change (5–6 % of T)");
  }

  @Test
  void quickStatesItsOwnFigures() {
    assertThat(cacheLine("quick"))
        .contains("T = refresh-after = 20 s.")
        .contains("The walk's outage steps end 7–12 s after the change (35–60 % of T)");
  }

  @Test
  void theStaleClaimIsGone() {
    for (String p : List.of("smoke", "quick", "full")) {
      assertThat(threats(p))
          .noneMatch(l -> l.contains("30 min") || l.contains("rather than STALE"));
    }
  }
}
