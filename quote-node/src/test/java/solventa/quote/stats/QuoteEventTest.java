package solventa.quote.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.FailureKind;
import solventa.signals.Origin;
import solventa.vocabulary.Arm;

/** What each {@link QuoteEvent} counts in {@link QuoteStats}: one event, every figure it moves. */
class QuoteEventTest {
  private final QuoteStats stats = new QuoteStats(Arm.C, Clock.systemUTC(), 100);

  @Test
  void aQuotedEventCountsItsOriginAndASacrificeWhenItCarriesOne() {
    stats.record(
        new QuoteEvent.Quoted(Origin.STALE, 90_000, 180_000_000, 60_000_000, true, true, 7));
    stats.record(
        new QuoteEvent.Quoted(Origin.CACHED, 1_000, 61_000_000, 60_000_000, false, false, 8));
    assertThat(stats.count(Origin.STALE)).isEqualTo(1);
    assertThat(stats.count(Origin.CACHED)).isEqualTo(1);
    assertThat(stats.sacrificedCount()).isEqualTo(1);
    assertThat(stats.errors()).isZero();
  }

  @Test
  void aBulkheadFailureIsAnErrorAndAShedOtherFailuresOnlyErrors() {
    stats.record(new QuoteEvent.Failed(FailureKind.BULKHEAD_REJECTED, 1_000_000, false, 1));
    stats.record(new QuoteEvent.Failed(FailureKind.TIMEOUT, 700_000_000, true, 2));
    stats.record(new QuoteEvent.Failed(null, 900_000_000, false, 3));
    assertThat(stats.errors()).isEqualTo(3);
    assertThat(stats.shedCount(ShedCause.PROVIDER_BULKHEAD)).isEqualTo(1);
    assertThat(stats.sacrificedCount()).isEqualTo(1);
  }

  @Test
  void refusalsShedsAndLateSacrificesAreCountedApart() {
    stats.record(new QuoteEvent.Refused());
    stats.record(new QuoteEvent.Shed(ShedCause.IN_FLIGHT));
    stats.record(new QuoteEvent.SacrificedLate(5));
    assertThat(stats.refusedCount()).isEqualTo(1);
    assertThat(stats.shedCount(ShedCause.IN_FLIGHT)).isEqualTo(1);
    assertThat(stats.sacrificedCount()).isEqualTo(1);
    assertThat(stats.errors()).isZero();
    for (Origin o : Origin.values()) {
      assertThat(stats.count(o)).isZero();
    }
  }

  @Test
  void profileEventsAreCountedByKind() {
    stats.record(ProfileEvent.CACHE_HIT);
    stats.record(ProfileEvent.CACHE_HIT);
    stats.record(ProfileEvent.UNFLUSHED);
    assertThat(stats.cacheHits()).isEqualTo(2);
    assertThat(stats.unflushedValues()).isEqualTo(1);
    assertThat(stats.count(ProfileEvent.CACHE_MISS)).isZero();
  }
}
