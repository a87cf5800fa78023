package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;

/**
 * Rules version 12 in the report: the low-traffic grid shows each setting's trials, its pooled
 * count, share and interval; card table 4 pools the trials; the verdict tables say what each
 * verdict was judged on.
 */
class ReportPolicyTrialsTest {

  private static StepResult trial(String policy, int rate, String run, String id, long k) {
    return Fixture.policy(policy, rate).run(run).id(id).sacrificed(k).build();
  }

  @Test
  void theGridShowsTheTrialsAndThePooledShare() {
    List<StepResult> steps = new ArrayList<>();
    steps.add(trial("count", 200, "R1", "policy-count-r200", 12));
    steps.add(trial("count", 200, "R2", "R2-policy-count-r200", 18));
    String[] runs = {"R1", "R1", "R2", "R2", "R3"};
    String[] ids = {
      "policy-rate-m2-r10",
      "policy-rate-m2-r10-t2",
      "R2-policy-rate-m2-r10",
      "R2-policy-rate-m2-r10-t2",
      "R3-policy-rate-m2-r10"
    };
    for (int i = 0; i < 5; i++) {
      steps.add(trial("rate-m2", 10, runs[i], ids[i], 0));
    }
    steps.add(trial("count", 10, "R1", "policy-count-r10", 6));
    ExperimentRecord e =
        ExperimentRecord.builder()
            .profile("full")
            .seed(3)
            .startedAt("t0")
            .finishedAt("t1")
            .complete(true)
            .steps(steps)
            .nodes(1)
            .build()
            .analysed(Analysis.of(steps, Map.of(), ExperimentProfile.named("full")));
    List<Report.Block> blocks = Report.build(e);
    List<Report.Table> tables =
        blocks.stream().filter(b -> b instanceof Report.Table).map(b -> (Report.Table) b).toList();
    Report.Table grid =
        tables.stream()
            .filter(t -> t.headers().contains("Pooled % [95 % CI]"))
            .findFirst()
            .orElseThrow();
    List<String> rate =
        grid.rows().stream().filter(r -> r.get(0).startsWith("rate")).findFirst().orElseThrow();
    assertThat(rate.get(3))
        .startsWith("5 trials: policy-rate-m2-r10 0 of 300, policy-rate-m2-r10-t2 0 of 300")
        .endsWith("R3-policy-rate-m2-r10 0 of 300");
    assertThat(rate.get(4)).isEqualTo("0 of 1500");
    assertThat(rate.get(5)).isEqualTo("0.00 [0.00, 0.25]");
    assertThat(rate.get(7)).isEqualTo("yes");
    Report.Table table4 =
        tables.stream()
            .filter(t -> t.headers().contains("Sacrificed (% of W) [95 % CI], trials pooled"))
            .findFirst()
            .orElseThrow();
    assertThat(table4.rows().get(0).get(3)).isEqualTo("30 of 12000 (2 trials pooled)");
    // HD-01.5 and HD-01.6 are implementation checks (rules version 15): the checks' table
    Report.Table findings =
        tables.stream()
            .filter(t -> t.headers().contains("Why it holds by construction"))
            .findFirst()
            .orElseThrow();
    assertThat(findings.rows())
        .filteredOn(r -> r.get(0).equals("HD-01.6"))
        .singleElement()
        .satisfies(r -> assertThat(r.get(3)).endsWith("judged settings: 5 trials each of ≥ 12"));
    assertThat(findings.rows())
        .filteredOn(r -> r.get(0).equals("HD-01.5"))
        .singleElement()
        .satisfies(
            r -> assertThat(r.get(3)).endsWith("count policy at 200 req/s: 2 trials pooled"));
  }
}
