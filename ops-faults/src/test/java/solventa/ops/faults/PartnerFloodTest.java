package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each term of the partner flood row can fail the row, alone. */
class PartnerFloodTest {

  /** A run that holds: every term within its bound. */
  static final PartnerFlood HOLDS =
      new PartnerFlood(1000, 0, 180, 12, 3000, 500, 2500, 525, 0, 0, true, 0, 0);

  static List<Object[]> oneTermOff() {
    return List.of(
        new Object[] {
          "the other partner's errors", copy(1000, 11, 180, 12, 500, 2500, 0, 0, true, 0, 0)
        },
        new Object[] {
          "the other partner's p99", copy(1000, 0, 476, 12, 500, 2500, 0, 0, true, 0, 0)
        },
        new Object[] {
          "the other partner's fallback", copy(1000, 0, 180, 51, 500, 2500, 0, 0, true, 0, 0)
        },
        new Object[] {"not limited", copy(1000, 0, 180, 12, 526, 2474, 0, 0, true, 0, 0)},
        new Object[] {"not limited", copy(1000, 0, 180, 12, 500, 0, 0, 0, true, 0, 0)},
        new Object[] {
          "the provider answered 429", copy(1000, 0, 180, 12, 500, 2500, 1, 0, true, 0, 0)
        },
        new Object[] {
          "the provider answered 429", copy(1000, 0, 180, 12, 500, 2500, 0, 3, true, 0, 0)
        },
        new Object[] {
          "the breaker left CLOSED", copy(1000, 0, 180, 12, 500, 2500, 0, 0, false, 0, 0)
        },
        new Object[] {
          "the breaker left CLOSED", copy(1000, 0, 180, 12, 500, 2500, 0, 0, true, 2, 0)
        },
        new Object[] {"values lost", copy(1000, 0, 180, 12, 500, 2500, 0, 0, true, 0, 1)});
  }

  private static PartnerFlood copy(
      long otherRequests,
      long otherErrors,
      long p99,
      long fallback,
      long floodCalls,
      long overBudget,
      long quota429,
      long throttled,
      boolean closed,
      int transitions,
      long lost) {
    return new PartnerFlood(
        otherRequests,
        otherErrors,
        p99,
        fallback,
        3000,
        floodCalls,
        overBudget,
        525,
        quota429,
        throttled,
        closed,
        transitions,
        lost);
  }

  @Test
  void aRunWithinEveryBoundHolds() {
    assertThat(HOLDS.failures()).isEmpty();
    assertThat(HOLDS.holds()).isTrue();
    assertThat(HOLDS.failedOnQuotaOrBreaker()).isFalse();
    assertThat(HOLDS.otherFallbackPct()).isEqualTo(1.2);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("oneTermOff")
  void eachTermAloneFailsTheRow(String term, PartnerFlood run) {
    assertThat(run.holds()).isFalse();
    assertThat(run.failures()).hasSize(1);
    assertThat(run.failures().get(0)).contains(term);
  }

  /** The contrast the row exists for: the provider's 429s and an open breaker. */
  @Test
  void theProvidersRefusalsOrTheBreakerAreWhatTheContrastFailsOn() {
    PartnerFlood open = copy(1000, 0, 180, 12, 2400, 0, 300, 900, false, 4, 0);
    assertThat(open.failedOnQuotaOrBreaker()).isTrue();
    assertThat(open.failures())
        .anySatisfy(f -> assertThat(f).contains("429"))
        .anySatisfy(f -> assertThat(f).contains("breaker"));
  }

  /**
   * The two terms a starved machine moves alone fail the row, but not the check apart from them.
   */
  @Test
  void theTimingTermsFailTheRowButNotTheChecksApartFromTiming() {
    PartnerFlood slow = copy(1000, 0, 510, 60, 500, 2500, 0, 0, true, 0, 0);
    assertThat(slow.holds()).isFalse();
    assertThat(slow.failures()).hasSize(2);
    assertThat(slow.failuresApartFromTiming()).isEmpty();
  }

  @Test
  void loadsThatDidNotRunFailTheRow() {
    assertThat(copy(0, 0, 0, 0, 0, 1, 0, 0, true, 0, 0).holds()).isFalse();
  }
}
