package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.adapter.model.PartnerBudgetSettings;

/**
 * {@link PartnerBudget} on a monotonic clock the test moves by hand: a listed partner's budget of
 * its own, the one budget every other partner id shares, the refill per cycle, and a node that
 * holds the same number of budgets whatever ids it is sent.
 */
class PartnerBudgetTest {
  private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

  /** 20 calls a second, 5 at once (a cycle of 250 ms); "partner-001" has a budget of its own. */
  private PartnerBudget budget() {
    return PartnerBudget.of(
        new PartnerBudgetSettings(true, 20, 5, List.of("partner-001")), nanos::get);
  }

  private void advance(Duration d) {
    nanos.addAndGet(d.toNanos());
  }

  private static int granted(PartnerBudget b, String partner, int tries) {
    int n = 0;
    for (int i = 0; i < tries; i++) {
      if (b.draw(partner).isEmpty()) {
        n++;
      }
    }
    return n;
  }

  @Test
  void offLetsEveryCallGo() {
    PartnerBudget off =
        PartnerBudget.of(new PartnerBudgetSettings(false, 1, 1, List.of()), nanos::get);
    assertThat(off.enabled()).isFalse();
    assertThat(granted(off, "anyone", 1_000)).isEqualTo(1_000);
    assertThat(off.budgets()).isZero();
    assertThat(PartnerBudget.off().draw("p").isEmpty()).isTrue();
  }

  /** A burst at once, then nothing until the cycle ends; the refusal says how long is left. */
  @Test
  void aPartnerGetsItsBurstThenWaitsForTheNextCycle() {
    PartnerBudget b = budget();
    assertThat(granted(b, "partner-001", 5)).isEqualTo(5);
    advance(Duration.ofMillis(100));
    PartnerBudget.Spent spent = b.draw("partner-001").orElseThrow();
    assertThat(spent.untilNextPermit()).isEqualTo(Duration.ofMillis(150));
    assertThat(spent.retryAfterSeconds()).as("whole seconds, rounded up").isEqualTo(1);
    advance(Duration.ofMillis(150));
    assertThat(granted(b, "partner-001", 10)).as("one cycle's permits, none banked").isEqualTo(5);
  }

  /** Unused permits are not banked: a partner idle for a minute still gets one burst at once. */
  @Test
  void anIdlePartnerDoesNotBankPermits() {
    PartnerBudget b = budget();
    advance(Duration.ofMinutes(1));
    assertThat(granted(b, "partner-001", 100)).isEqualTo(5);
  }

  /** Over one second, whole cycles: at most rate + burst calls, the figure the sizing rule uses. */
  @Test
  void overASecondAtMostRatePlusBurstPass() {
    PartnerBudget b = budget();
    int passed = 0;
    for (int ms = 0; ms <= 1000; ms += 10) {
      passed += granted(b, "partner-001", 50);
      advance(Duration.ofMillis(10));
    }
    assertThat(passed).isEqualTo(25).isEqualTo(b.settings().mostCallsIn(Duration.ofSeconds(1)));
  }

  /** Every unlisted partner id draws from one shared budget: a new id buys no new calls. */
  @Test
  void unlistedPartnersShareOneBudget() {
    PartnerBudget b = budget();
    int passed = 0;
    for (int i = 0; i < 1_000; i++) {
      passed += granted(b, "rotating-" + i, 1);
    }
    assertThat(passed).isEqualTo(5);
    assertThat(granted(b, "partner-001", 5))
        .as("the listed partner's own budget is whole")
        .isEqualTo(5);
  }

  /** The node holds the listed partners' budgets and the shared one, whatever ids it is sent. */
  @Test
  void theBudgetsHeldDoNotGrowWithTheIdsSent() {
    PartnerBudget b = budget();
    assertThat(b.budgets()).isEqualTo(2);
    for (int i = 0; i < 100_000; i++) {
      b.draw("p-" + i);
    }
    assertThat(b.budgets()).isEqualTo(2);
  }

  @ParameterizedTest(name = "{0} ns to the next permit: Retry-After {1}")
  @CsvSource({"0, 1", "1, 1", "999999999, 1", "1000000000, 1", "1000000001, 2", "4200000000, 5"})
  void retryAfterIsWholeSecondsRoundedUpAndAtLeastOne(long nanosLeft, long seconds) {
    assertThat(new PartnerBudget.Spent(Duration.ofNanos(nanosLeft)).retryAfterSeconds())
        .isEqualTo(seconds);
  }
}
