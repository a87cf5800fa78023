package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SweepKeySetTest {
  static final double N = 0.005;
  static final double MARGIN = 4;
  static final double MAX_STALENESS = 86_400;
  static final int MAX_HIT_POOL = 256;

  static SweepKeySet keys(double h, double rate, double d, double t) {
    return builder(h, rate, d, t).build();
  }

  static SweepKeySet.Builder builder(double h, double rate, double d, double t) {
    return SweepKeySet.builder()
        .hitRate(h)
        .ratePerSec(rate)
        .durationSec(d)
        .refreshAfterSec(t)
        .neverSeenShare(N)
        .marginSec(MARGIN)
        .maxStalenessSec(MAX_STALENESS)
        .maxHitPool(MAX_HIT_POOL);
  }

  @ParameterizedTest(name = "h={0}, λ={1}, D={2} s, T={3} s → {4} requests: {5} hits, {6} misses")
  @CsvSource({
    // requests λD; never-seen ⌊N·n⌋; hits ⌊(N − never-seen)·h/(1 − n)⌋; hit pool
    // min(hits, round(λT(1 − h_k)), 256); miss pool: the misses of λ(D + 1) requests
    "0.96, 20, 4, 10, 80, 77, 3, 0, 7, 4", // smoke
    "0.50, 20, 4, 10, 80, 40, 40, 0, 40, 50",
    "0.99, 100, 7, 20, 700, 693, 4, 3, 10, 4", // quick
    "0.90, 100, 7, 20, 700, 630, 67, 3, 191, 76",
    "0.50, 100, 7, 20, 700, 350, 347, 3, 256, 396",
    "0.96, 200, 35, 60, 7000, 6720, 245, 35, 256, 252", // full
    "0.50, 200, 35, 60, 7000, 3500, 3465, 35, 256, 3564",
    "0.00, 200, 35, 60, 7000, 0, 6965, 35, 1, 7164", // every answer a fallback
  })
  void poolSizesFollowFromTheRateTheDurationAndTheTarget(
      double h,
      double rate,
      double d,
      double t,
      long requests,
      long hits,
      long misses,
      long neverSeen,
      int hitPool,
      int missPool) {
    SweepKeySet k = keys(h, rate, d, t);
    assertThat(k.requests()).isEqualTo(requests);
    assertThat(k.hits(requests)).isEqualTo(hits);
    assertThat(k.misses(requests)).isEqualTo(misses);
    assertThat(k.neverSeen(requests)).isEqualTo(neverSeen);
    assertThat(k.hitPoolSize()).isEqualTo(hitPool);
    assertThat(k.missPoolSize()).isEqualTo(missPool);
  }

  @Test
  void thePerRequestRuleAddsUpToTheCounts() {
    SweepKeySet k = keys(0.9, 200, 35, 60);
    Map<SweepKeySet.Kind, Long> count = new HashMap<>();
    for (long i = 0; i < 7000; i++) {
      count.merge(k.kind(i), 1L, Long::sum);
    }
    assertThat(count.get(SweepKeySet.Kind.HIT)).isEqualTo(k.hits(7000)).isEqualTo(6300);
    assertThat(count.get(SweepKeySet.Kind.MISS)).isEqualTo(k.misses(7000));
    assertThat(count.get(SweepKeySet.Kind.NEVER_SEEN)).isEqualTo(k.neverSeen(7000)).isEqualTo(35);
  }

  /** Any run of W consecutive requests holds h·W hits to within two (one per floor). */
  @ParameterizedTest
  @CsvSource({"0.99", "0.96", "0.90", "0.50", "0.01"})
  void everyWindowOfConsecutiveRequestsHoldsTheTarget(double h) {
    SweepKeySet k = keys(h, 200, 35, 60);
    for (int w : new int[] {60, 500, 6000}) {
      for (int from = 0; from < 1000; from += 37) {
        long hits = 0;
        for (long i = from; i < from + w; i++) {
          hits += k.kind(i) == SweepKeySet.Kind.HIT ? 1 : 0;
        }
        assertThat((double) hits).as("h=%s W=%d from %d", h, w, from).isCloseTo(h * w, within(2));
      }
    }
  }

  @Test
  void freshAgesStayBelowTheBoundAndExpiredOnesAboveT() {
    SweepKeySet k = keys(0.9, 100, 7, 20);
    assertThat(k.freshAgeBoundSec()).isEqualTo(20 - 7 - MARGIN);
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < 10_000; i++) {
      assertThat(k.freshAgeSec(r)).isGreaterThanOrEqualTo(0).isLessThan(k.freshAgeBoundSec());
      assertThat(k.expiredAgeSec(r)).isGreaterThanOrEqualTo(20 + MARGIN).isLessThan(40 + MARGIN);
    }
  }

  @Test
  void refusesAProfileWhoseRefreshAfterDoesNotOutlastTheStepAndTheMargin() {
    // T = 10 s against D = 7 s + 4 s: a value seeded fresh would expire inside the step
    assertThatThrownBy(() -> keys(0.9, 100, 7, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("refresh-after T = 10 s")
        .hasMessageContaining("duration D = 7 s (warm-up included)")
        .hasMessageContaining("margin 4 s");
    assertThatThrownBy(() -> keys(0.9, 100, 6, 10)).hasMessageContaining("T = 10 s"); // T = D + m
    assertThat(keys(0.9, 100, 5, 10).freshAgeBoundSec()).isEqualTo(1);
  }

  @Test
  void refusesExpiredAgesTheNodeWouldNoLongerServeStale() {
    assertThatThrownBy(() -> builder(0.9, 100, 7, 20).maxStalenessSec(50).build())
        .hasMessageContaining("max-staleness 50 s")
        .hasMessageContaining("51 s old");
  }

  @Test
  void refusesATargetTheNeverSeenShareMakesUnreachable() {
    assertThatThrownBy(() -> keys(0.996, 100, 7, 20)).hasMessageContaining("hit rate");
    assertThat(keys(0.995, 100, 7, 20).knownHitRate()).isEqualTo(1.0);
  }

  /**
   * The target holds over a window with no refreshes: the provider is degraded, so nothing the step
   * misses is stored again. A simulated cache seeded as the runner seeds it (fresh ages from the
   * key set, then the worst delay the margin allows before the first request; expired ages), loaded
   * at λ by {@link SweepKeyFeeder}, answers CACHED exactly while a value is younger than T. Its
   * measured CACHED share over the window after the warm-up cut is within 1.5 points of the target
   * in every profile's shape, from the first second of the window to its last — where a
   * steady-state population drains ({@link KeyPopulation}).
   */
  @ParameterizedTest(name = "h={0}, λ={1}, warm-up {2} s + {3} s, T={4} s")
  @CsvSource({
    "0.96, 20, 1, 3, 10",
    "0.50, 20, 1, 3, 10",
    "0.99, 100, 2, 5, 20",
    "0.96, 100, 2, 5, 20",
    "0.90, 100, 2, 5, 20",
    "0.50, 100, 2, 5, 20",
    "0.99, 200, 5, 30, 60",
    "0.96, 200, 5, 30, 60",
    "0.90, 200, 5, 30, 60",
    "0.50, 200, 5, 30, 60",
    "0.00, 200, 5, 30, 60",
  })
  void theTargetHoldsOverAWindowWithNoRefreshes(
      double h, double rate, int warmup, int measure, double t) {
    SweepKeySet k = keys(h, rate, warmup + measure, t);
    int hitStart = 1_000;
    int missStart = hitStart + k.hitPoolSize();
    SplittableRandom r = new SplittableRandom(17);
    Map<String, Double> ageAtStart = new HashMap<>();
    for (int i = 0; i < k.hitPoolSize(); i++) {
      ageAtStart.put(KeyFeeder.customerId(hitStart + i), k.freshAgeSec(r) + MARGIN);
    }
    for (int i = 0; i < k.missPoolSize(); i++) {
      ageAtStart.put(KeyFeeder.customerId(missStart + i), k.expiredAgeSec(r));
    }
    SweepKeyFeeder feeder =
        new SweepKeyFeeder(
            3, h, N, hitStart, k.hitPoolSize(), missStart, k.missPoolSize(), 1_000_000);
    long windowHits = 0;
    long window = 0;
    long lastSecondHits = 0;
    long lastSecond = 0;
    Set<String> missed = new HashSet<>();
    for (long i = 0; i < k.requests(); i++) {
      double now = i / rate;
      Map<String, Object> row = feeder.next();
      String id = (String) row.get("customerId");
      Double age = ageAtStart.get(id);
      boolean cached = age != null && age + now < t;
      if (!cached && age != null) {
        assertThat(missed.add(id)).as("a miss's customer is requested once").isTrue();
      }
      if (now >= warmup) {
        window++;
        windowHits += cached ? 1 : 0;
      }
      if (now >= warmup + measure - 1) {
        lastSecond++;
        lastSecondHits += cached ? 1 : 0;
      }
    }
    assertThat(feeder.missesOverflowed()).isZero();
    assertThat(100.0 * windowHits / window).isCloseTo(100 * h, Offset.offset(1.5));
    if (rate >= 100) { // a second of 100 requests or more resolves 1.5 points
      assertThat(100.0 * lastSecondHits / lastSecond)
          .as("the last second")
          .isCloseTo(100 * h, Offset.offset(1.5));
    }
  }

  @Test
  void sameSeedSameSequence() {
    assertThat(draw(1)).isEqualTo(draw(1)).isNotEqualTo(draw(2));
  }

  private static java.util.List<Object> draw(long seed) {
    SweepKeyFeeder f = new SweepKeyFeeder(seed, 0.5, N, 0, 50, 100, 500, 10_000);
    java.util.List<Object> out = new java.util.ArrayList<>();
    for (int i = 0; i < 400; i++) {
      out.add(f.next().get("customerId"));
    }
    return out;
  }

  private static Offset<Double> within(double d) {
    return Offset.offset(d);
  }
}
