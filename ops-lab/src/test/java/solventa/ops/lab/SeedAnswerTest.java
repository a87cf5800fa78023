package solventa.ops.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.quote.management.BenchSeed;

/** How the runner reads a node's answer to a seeding batch (pure logic). */
class SeedAnswerTest {
  static final List<String> BATCH = List.of("c00000001", "c00000002", "c00000003");

  @Test
  void aTwoHundredIsTheNodesOwnAnswer() throws IOException {
    BenchSeed.Answer a =
        NodeProcess.seedAnswer(
            BATCH,
            new Http.Reply(200, "{\"seeded\":2,\"failed\":1,\"failedIds\":[\"c00000003\"]}", 3));
    assertThat(a.seeded()).isEqualTo(2);
    assertThat(a.failedIds()).containsExactly("c00000003");
  }

  @Test
  void aServerErrorCountsTheWholeBatchAsFailedSoTheNextRoundSendsItAgain() throws IOException {
    BenchSeed.Answer a = NodeProcess.seedAnswer(BATCH, new Http.Reply(503, "overloaded", 3));
    assertThat(a.seeded()).isZero();
    assertThat(a.failed()).isEqualTo(3);
    assertThat(a.failedIds()).containsExactlyElementsOf(BATCH);
  }

  @Test
  void aClientErrorIsARunnerBugAndStopsTheRun() {
    assertThatThrownBy(() -> NodeProcess.seedAnswer(BATCH, new Http.Reply(403, "no token", 3)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("403");
  }
}
