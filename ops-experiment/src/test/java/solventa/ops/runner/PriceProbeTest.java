package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.signals.Origin;

/** The price probe's choice of customers and its reading of an answer. */
class PriceProbeTest {
  private static SortedSet<String> customers(int n) {
    SortedSet<String> s = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      s.add(solventa.gatling.KeyFeeder.customerId(60_000 + i));
    }
    return s;
  }

  @Test
  void everyCustomerIsQuotedWhenThereAreNoMoreThanTheBound() {
    assertThat(PriceProbe.draw(customers(5), 42, 5)).containsExactlyElementsOf(customers(5));
    assertThat(PriceProbe.draw(customers(0), 42, 5)).isEmpty();
  }

  @Test
  void aDrawWithTheRunsSeedWhenThereAreMore() {
    List<String> first = PriceProbe.draw(customers(50), 42, 10);
    assertThat(first).hasSize(10).isSorted().doesNotHaveDuplicates();
    assertThat(customers(50)).containsAll(first);
    assertThat(PriceProbe.draw(customers(50), 42, 10)).as("seeded").isEqualTo(first);
    assertThat(PriceProbe.draw(customers(50), 7, 10)).as("another seed").isNotEqualTo(first);
  }

  @Test
  void onlyAnAnswerOnTheCustomersOwnProfileWithAPremiumPricesThem() {
    RequestRecord.Builder b =
        RequestRecord.builder()
            .status(200)
            .customerId(solventa.gatling.KeyFeeder.customerId(60_000));
    assertThat(PriceProbe.ownProfile(b.origin(Origin.FRESH).premium(900.0).build())).isTrue();
    assertThat(PriceProbe.ownProfile(b.origin(Origin.STALE).premium(900.0).build())).isTrue();
    assertThat(PriceProbe.ownProfile(b.origin(Origin.DEFAULT).premium(900.0).build())).isFalse();
    assertThat(PriceProbe.ownProfile(b.origin(Origin.FRESH).premium(null).build())).isFalse();
    assertThat(PriceProbe.ownProfile(b.status(503).origin(null).premium(null).build())).isFalse();
  }
}
