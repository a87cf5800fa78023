package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ResultsFolder;
import solventa.vocabulary.ProviderState;

/**
 * A step of a results.json written before rules version 5 has no {@code intervals}: it still reads,
 * and its intervals stay missing (null), never filled in from the point values.
 */
class ResultsBeforeIntervalsTest {
  @Test
  void aStepWithoutIntervalsReadsWithNone() throws Exception {
    StepResult now = Fixture.step(BenchArm.A, ProviderState.HEALTHY).build();
    ObjectNode json = ResultsFolder.JSON.valueToTree(now);
    assertThat(json.has("intervals")).isTrue();
    json.remove("intervals");
    StepResult old = ResultsFolder.JSON.treeToValue(json, StepResult.class);
    assertThat(old.intervals()).isNull();
    assertThat(old.endToEnd()).isEqualTo(now.endToEnd());
    assertThat(
            ResultsFolder.JSON.treeToValue(ResultsFolder.JSON.valueToTree(now), StepResult.class))
        .isEqualTo(now);
  }
}
