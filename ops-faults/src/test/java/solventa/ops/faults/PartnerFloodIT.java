package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The partners group's row on the real embedded lab (Redis, PostgreSQL, Toxiproxy, the double with
 * its quota, a quote node JVM on loopback), twice: with each partner's budget its terms hold, and
 * the same row on a node without the budget fails, on the provider's 429s or the breaker. So the
 * row can fail, and the budget is what makes it hold. The two terms a starved machine moves on its
 * own (the other partner's p99 and fallback share) are judged by the matrix's run, not asserted
 * here: performance is measured, not timed in a test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartnerFloodIT {
  FaultContext ctx;

  @BeforeAll
  void start() throws IOException {
    ctx = new FaultContext(Files.createTempDirectory("partner-flood-it"), System.out, 42);
  }

  @AfterAll
  void stop() {
    if (ctx != null) {
      ctx.close();
    }
  }

  @Test
  void withEachPartnersBudgetTheRowHolds() {
    PartnerFaults.Run run = PartnerFaults.row(ctx, true);
    System.out.println("FIGURE partner flood, budget on: " + run.row().measured());
    assertThat(run.figures()).as(run.row().measured()).isNotNull();
    assertThat(run.figures().failuresApartFromTiming()).as(run.row().measured()).isEmpty();
    assertThat(run.figures().quota429()).isZero();
    assertThat(run.figures().otherErrors()).isZero();
    assertThat(run.figures().floodOverBudget()).as("the flooding partner was limited").isPositive();
  }

  @Test
  void withoutTheBudgetTheSameRowFailsOnTheProvidersRefusalsOrTheBreaker() {
    PartnerFaults.Run run = PartnerFaults.row(ctx, false);
    System.out.println("FIGURE partner flood, budget off: " + run.row().measured());
    assertThat(run.figures()).as(run.row().measured()).isNotNull();
    assertThat(run.row().holds()).isFalse();
    assertThat(run.figures().failedOnQuotaOrBreaker()).as(run.row().measured()).isTrue();
    assertThat(run.figures().quota429()).as("the provider's 429s").isPositive();
  }
}
