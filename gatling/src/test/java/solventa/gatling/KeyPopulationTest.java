package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyPopulationTest {

  @ParameterizedTest(name = "h={0}, λ={1}, T={2} s, n={3} → K={4}")
  @CsvSource({
    // K = λT(1 − h_k)/h_k with h_k = h/(1 − n)
    "0.96, 100, 20, 0.005, 73",
    "0.96, 200, 60, 0.005, 438",
    "0.50, 100, 20, 0.005, 1980",
    "0.99, 100, 20, 0.005, 10",
    "0.90, 100, 20, 0.0, 222",
    "0.96, 10, 20, 0.005, 7",
  })
  void populationSizeFollowsTheSteadyStateFormula(
      double h, double rate, double t, double n, int expected) {
    KeyPopulation p = new KeyPopulation(h, rate, t, n);
    assertThat(p.size()).isEqualTo(expected);
    assertThat(p.knownHitRate()).isCloseTo(h / (1 - n), Offset.offset(1e-12));
  }

  @Test
  void roundingKeepsTheExpectedHitRateNearTheTarget() {
    for (double h : new double[] {0.99, 0.96, 0.90, 0.50}) {
      KeyPopulation p = new KeyPopulation(h, 100, 20, 0.005);
      assertThat(p.expectedHitRate()).as("h=%s", h).isCloseTo(h, Offset.offset(0.005));
    }
  }

  @Test
  void refusesATargetTheNeverSeenShareMakesUnreachable() {
    assertThatThrownBy(() -> new KeyPopulation(0.996, 100, 20, 0.005))
        .hasMessageContaining("hit rate");
    assertThatThrownBy(() -> new KeyPopulation(0.9, 100, 20, 1.0))
        .hasMessageContaining("never-seen");
  }

  /**
   * The seeded world scales with T: at the same rate, a T three times as long gives three times the
   * customers, the same hit rate, and the same seeded ages in units of T, draw for draw. With the
   * node's expiry at T and the outage's seconds read in units of T, this is what lets one lab T
   * stand for the source's T_source by time-scaling (the report's "source's refresh policy T").
   */
  @Test
  void theSeededWorldScalesWithT() {
    KeyPopulation shortT = new KeyPopulation(0.96, 200, 20, 0.005);
    KeyPopulation longT = new KeyPopulation(0.96, 200, 60, 0.005);
    assertThat(longT.size()).isEqualTo(3 * shortT.size());
    assertThat(longT.expectedHitRate()).isCloseTo(shortT.expectedHitRate(), Offset.offset(1e-12));
    SplittableRandom a = new SplittableRandom(5);
    SplittableRandom b = new SplittableRandom(5);
    int expired = 0;
    for (int i = 0; i < 10_000; i++) {
      double u = shortT.steadyStateAgeSec(a) / 20;
      assertThat(longT.steadyStateAgeSec(b) / 60).isCloseTo(u, Offset.offset(1e-9));
      expired += u >= 1 ? 1 : 0;
    }
    // both branches were drawn: values still fresh and values already past T
    assertThat(expired).isBetween(100, 900);
  }

  /**
   * The arithmetic meets the mechanism: a simulated cache (Poisson arrivals, values fresh for T, a
   * miss refreshes at once, stored ages uniform over [0, T) at the start) fed by {@link KeyFeeder}
   * hits the target within 1.5 points over a window of 2T, from its first second on.
   */
  @ParameterizedTest
  @CsvSource({"0.96", "0.90", "0.50", "0.99"})
  void aCacheSeededWithUniformAgesHitsTheTargetFromTheStart(double h) {
    double rate = 100;
    double t = 20;
    KeyPopulation p = new KeyPopulation(h, rate, t, 0.005);
    int k = p.size();
    SplittableRandom random = new SplittableRandom(11);
    double[] fetchedAt = new double[k];
    for (int i = 0; i < k; i++) {
      fetchedAt[i] = -p.steadyStateAgeSec(random);
    }
    KeyFeeder feeder = new KeyFeeder(3, 0, k, 0.005, 1_000_000);
    double now = 0;
    long hits = 0;
    long total = 0;
    long earlyHits = 0;
    long early = 0;
    while (now < 2 * t) {
      if (now < t / 4) {
        early = total;
        earlyHits = hits;
      }
      now += -Math.log(1 - random.nextDouble()) / rate;
      var row = feeder.next();
      total++;
      if (row.get("keyKind").equals("new")) {
        continue;
      }
      int i = Integer.parseInt(((String) row.get("customerId")).substring(1));
      if (now - fetchedAt[i] < t) {
        hits++;
      } else {
        fetchedAt[i] = now;
      }
    }
    assertThat(hits / (double) total).isCloseTo(h, Offset.offset(0.015));
    assertThat(earlyHits / (double) early).as("first T/4").isCloseTo(h, Offset.offset(0.015));
  }

  /**
   * The stratified seeding holds the hit rate exactly: of K customers the fresh share is the
   * target's, their ages one to each equal slice of [0, T), so they age out at an even pace; a
   * binomial draw per customer would leave the share a point off at K = 438.
   */
  @Test
  void theStratifiedSeedingHoldsTheHitRateExactly() {
    KeyPopulation p = new KeyPopulation(0.96, 200, 600, 0.005);
    double[] ages = p.seededAgesSec(new SplittableRandom(7));
    assertThat(ages).hasSize(p.size());
    long fresh = java.util.Arrays.stream(ages).filter(a -> a < 600).count();
    assertThat(fresh).isEqualTo(p.freshCount());
    assertThat(p.seededHitRate()).isCloseTo(0.96, Offset.offset(0.001));
    // every slice of T/100 holds the same number of fresh values, give or take the two strata a
    // slice's edges may cut
    int[] slices = new int[100];
    for (double a : ages) {
      if (a < 600) {
        slices[(int) (a / 6)]++;
      }
    }
    int min = java.util.Arrays.stream(slices).min().orElseThrow();
    int max = java.util.Arrays.stream(slices).max().orElseThrow();
    assertThat(max - min).isLessThanOrEqualTo(2);
    // the expired ones are past T
    assertThat(java.util.Arrays.stream(ages).filter(a -> a >= 600).count())
        .isEqualTo(p.size() - p.freshCount());
  }
}
