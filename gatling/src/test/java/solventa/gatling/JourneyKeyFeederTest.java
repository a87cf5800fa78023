package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JourneyKeyFeederTest {
  /** So many known customers that two journeys (almost) never draw the same one. */
  static final int HUGE = 1_000_000_000;

  static final int FRESH = 1_500_000_000;

  /** What one known customer's journey looked like in the feeder's output. */
  static final class Journey {
    final long first;
    long last;
    int quotes = 1;
    final List<Long> offsets = new ArrayList<>();

    Journey(long first) {
      this.first = first;
      this.last = first;
    }
  }

  /** The journeys of {@code n} requests, by customer (one journey per customer: HUGE). */
  static Map<Object, Journey> journeys(JourneyKeyFeeder feeder, int n, int span) {
    Map<Object, Journey> byCustomer = new HashMap<>();
    for (long i = 0; i < n; i++) {
      var row = feeder.next();
      assertThat(feeder.pending()).isLessThanOrEqualTo(span);
      if (row.get("keyKind").equals("new")) {
        continue;
      }
      Journey j = byCustomer.get(row.get("customerId"));
      if (j == null) {
        byCustomer.put(row.get("customerId"), new Journey(i));
      } else {
        j.quotes++;
        j.last = i;
        j.offsets.add(i - j.first);
      }
    }
    return byCustomer;
  }

  @ParameterizedTest(name = "{0}..{1} quotes within {2} requests")
  @CsvSource({"2, 5, 400", "3, 3, 50", "1, 4, 16", "2, 5, 20", "2, 2, 8"})
  void everyJourneyEndsWithinItsSpanAndItsLengthsAverageTheMiddleOfTheRange(
      int min, int max, int span) {
    int n = 10_000;
    var feeder = new JourneyKeyFeeder(11, 0, HUGE, 0.005, FRESH, min, max, span);
    List<Journey> complete =
        journeys(feeder, n, span).values().stream().filter(j -> j.first < n - span).toList();

    assertThat(complete).allSatisfy(j -> assertThat(j.last - j.first).isBetween(0L, (long) span));
    assertThat(complete).allSatisfy(j -> assertThat(j.quotes).isBetween(min, max));
    double meanQuotes = complete.stream().mapToInt(j -> j.quotes).average().orElseThrow();
    assertThat(meanQuotes)
        .isCloseTo(JourneyKeyFeeder.meanJourneyLength(min, max), Offset.offset(0.1));
    assertThat(feeder.journeysShortened()).isLessThanOrEqualTo(complete.size() / 100);
    if (max > 1) {
      // the later quotes spread over the whole span, not bunched after the first
      List<Long> offsets = complete.stream().flatMap(j -> j.offsets.stream()).toList();
      assertThat(offsets.stream().mapToLong(Long::longValue).max().orElseThrow())
          .isGreaterThanOrEqualTo((long) Math.ceil(0.9 * span));
      double meanOffset = offsets.stream().mapToLong(Long::longValue).average().orElseThrow();
      assertThat(meanOffset / span).isBetween(0.45, 0.6);
    }
  }

  @Test
  void sameSeedSameSequence() {
    assertThat(draw(1)).isEqualTo(draw(1)).isNotEqualTo(draw(2));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.005, 0.02, 0.1})
  void neverSeenCustomersKeepTheirShareOfRequestsAndAreNeverReused(double neverSeen) {
    var feeder = new JourneyKeyFeeder(7, 1_000, 250, neverSeen, 10_000, 2, 5, 400);
    int n = 40_000;
    int known = 0;
    Set<Object> fresh = new HashSet<>();
    for (int i = 0; i < n; i++) {
      var row = feeder.next();
      if (row.get("keyKind").equals("known")) {
        known++;
        assertThat((String) row.get("customerId")).isBetween("c00001000", "c00001249");
      } else {
        assertThat(fresh.add(row.get("customerId"))).isTrue();
        assertThat((String) row.get("customerId")).isGreaterThanOrEqualTo("c00010000");
      }
      assertThat(row.get("lineOfBusiness"))
          .isEqualTo(
              KeyFeeder.lineOf(Integer.parseInt(((String) row.get("customerId")).substring(1))));
    }
    assertThat(1 - known / (double) n)
        .isCloseTo(neverSeen, Offset.offset(Math.max(0.003, 0.1 * neverSeen)));
    assertThat(feeder.freshUsed(10_000)).isEqualTo(n - known);
  }

  @Test
  void distinctCustomersPerSecondAreTheRateOverTheMeanJourneyLength() {
    int rate = 200;
    int span = JourneyKeyFeeder.spanRequests(2, rate);
    var feeder = new JourneyKeyFeeder(5, 0, HUGE, 0, FRESH, 2, 5, span);
    int seconds = 60;
    Set<Object> all = new HashSet<>();
    for (int s = 0; s < seconds; s++) {
      for (int i = 0; i < rate; i++) {
        all.add(feeder.next().get("customerId"));
      }
    }
    double expected = JourneyKeyFeeder.customersPerSec(rate, 2, 5);
    assertThat(expected).isCloseTo(200 / 3.5, Offset.offset(1e-9));
    assertThat(all.size() / (double) seconds).isCloseTo(expected, Offset.offset(0.15 * expected));
  }

  @Test
  void oneQuoteJourneysDrawExactlyAsTheUniformFeeder() {
    var journeys = new JourneyKeyFeeder(3, 0, 100, 0.1, 1_000, 1, 1, 1);
    var uniform = new KeyFeeder(3, 0, 100, 0.1, 1_000);
    for (int i = 0; i < 5_000; i++) {
      assertThat(journeys.next()).isEqualTo(uniform.next());
      assertThat(journeys.pending()).isZero();
    }
    // and so no repeat is forced: among very many customers, none comes twice
    var wide = new JourneyKeyFeeder(3, 0, HUGE, 0.005, FRESH, 1, 1, 400);
    Set<Object> seen = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      assertThat(seen.add(wide.next().get("customerId"))).isTrue();
    }
  }

  @Test
  void aJourneyFindingNoRoomLeftInItsSpanIsShortenedAndCounted() {
    // 1..3 quotes within 2 requests: a journey of 3 needs both next positions, which the journey
    // begun just before has often taken one of
    var feeder = new JourneyKeyFeeder(9, 0, HUGE, 0, FRESH, 1, 3, 2);
    var journeys = journeys(feeder, 1_000, 2).values();
    assertThat(feeder.journeysShortened()).isPositive();
    assertThat(journeys).allSatisfy(j -> assertThat(j.last - j.first).isBetween(0L, 2L));
  }

  @Test
  void arithmeticTheRunnerCites() {
    assertThat(JourneyKeyFeeder.meanJourneyLength(2, 5)).isEqualTo(3.5);
    assertThat(JourneyKeyFeeder.meanJourneyLength(1, 1)).isEqualTo(1.0);
    assertThat(JourneyKeyFeeder.customersPerSec(100, 1, 1)).isEqualTo(100.0);
    assertThat(JourneyKeyFeeder.spanRequests(2, 150)).isEqualTo(300);
    assertThat(JourneyKeyFeeder.spanRequests(0.5, 1)).isEqualTo(1);
    assertThat(JourneyKeyFeeder.spanRequests(0.1, 2)).isEqualTo(1);
  }

  @ParameterizedTest(name = "{8}")
  @CsvSource({
    "-1, 10, 0.0, 100, 2, 5, 10, populationStart, populationStart",
    "0, 0, 0.0, 100, 2, 5, 10, populationSize, populationSize",
    "2147483000, 1000, 0.0, 100, 2, 5, 10, populationSize, population past the ints",
    "0, 10, 1.0, 100, 2, 5, 10, neverSeenShare, neverSeenShare = 1",
    "0, 10, -0.1, 100, 2, 5, 10, neverSeenShare, neverSeenShare < 0",
    "0, 10, NaN, 100, 2, 5, 10, neverSeenShare, neverSeenShare NaN",
    "0, 10, 0.0, -5, 2, 5, 10, freshStart, freshStart",
    "0, 10, 0.0, 100, 0, 5, 10, minQuotes, minQuotes",
    "0, 10, 0.0, 100, 3, 2, 10, maxQuotes, maxQuotes < minQuotes",
    "0, 10, 0.0, 100, 2, 51, 60, maxQuotes, maxQuotes past the limit",
    "0, 10, 0.0, 100, 2, 5, 3, spanRequests, span shorter than a journey",
    "0, 10, 0.0, 100, 1, 1, 0, spanRequests, span 0",
    "0, 10, 0.0, 100, 2, 5, 120001, spanRequests, span past the limit",
  })
  void refusesArgumentsOutOfRangeNamingThem(
      int start,
      int size,
      double neverSeen,
      int fresh,
      int min,
      int max,
      int span,
      String named,
      String why) {
    assertThatThrownBy(() -> new JourneyKeyFeeder(1, start, size, neverSeen, fresh, min, max, span))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(named);
  }

  private static List<Object> draw(long seed) {
    var f = new JourneyKeyFeeder(seed, 0, 100, 0.1, 1000, 2, 5, 20);
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      out.add(f.next().get("customerId"));
    }
    return out;
  }
}
