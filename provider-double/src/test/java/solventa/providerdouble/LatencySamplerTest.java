package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LatencySamplerTest {

  private static final int SAMPLES = 50_000;

  @Test
  void sameSeedGivesTheSameLatencySequence() {
    assertThat(sequence(42, 1000)).containsExactly(sequence(42, 1000));
  }

  @Test
  void differentSeedGivesADifferentLatencySequence() {
    double[] a = sequence(42, 1000);
    double[] b = sequence(43, 1000);
    long equal = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] == b[i]) {
        equal++;
      }
    }
    assertThat(equal).isZero();
  }

  static Stream<LatencyProfile> profiles() {
    return Stream.of(
        LatencyProfile.HEALTHY,
        LatencyProfile.SLOW,
        LatencyProfile.DEGRADED,
        LatencyProfile.custom(20, 60));
  }

  @ParameterizedTest
  @MethodSource("profiles")
  void reproducesTheConfiguredMedianAndP99WithinFivePercent(LatencyProfile profile) {
    for (long seed : new long[] {1, 42, 20261130}) {
      LatencySampler sampler = new LatencySampler(seed);
      double[] samples = new double[SAMPLES];
      for (int i = 0; i < SAMPLES; i++) {
        samples[i] = sampler.nextMillis(profile);
      }
      Arrays.sort(samples);
      assertThat(quantile(samples, 0.50))
          .as("median, seed %d", seed)
          .isCloseTo(profile.medianMs(), within(profile.medianMs() * 0.05));
      assertThat(quantile(samples, 0.99))
          .as("p99, seed %d", seed)
          .isCloseTo(profile.p99Ms(), within(profile.p99Ms() * 0.05));
      assertThat(samples[0]).isPositive();
    }
  }

  @Test
  void sigmaPutsTheP99WhereConfigured() {
    LatencyProfile p = LatencyProfile.DEGRADED;
    assertThat(p.millisFor(0)).isCloseTo(800, within(1e-9));
    assertThat(p.millisFor(LatencyProfile.Z99)).isCloseTo(2000, within(1e-9));
  }

  @Test
  void rejectsANonPositiveMedianNamingTheField() {
    assertThatThrownBy(() -> LatencyProfile.custom(0, 100))
        .isInstanceOf(InvalidSettingException.class)
        .extracting(e -> ((InvalidSettingException) e).field())
        .isEqualTo("medianMs");
  }

  @Test
  void rejectsAP99NotAboveTheMedianNamingTheField() {
    assertThatThrownBy(() -> LatencyProfile.custom(100, 100))
        .isInstanceOf(InvalidSettingException.class)
        .extracting(e -> ((InvalidSettingException) e).field())
        .isEqualTo("p99Ms");
  }

  @Test
  void knowsTheThreeNamedProfilesOfTheSpec() {
    assertThat(LatencyProfile.named("HEALTHY")).contains(LatencyProfile.HEALTHY);
    assertThat(LatencyProfile.SLOW)
        .extracting(LatencyProfile::medianMs, LatencyProfile::p99Ms)
        .containsExactly(400.0, 900.0);
    assertThat(LatencyProfile.DEGRADED)
        .extracting(LatencyProfile::medianMs, LatencyProfile::p99Ms)
        .containsExactly(800.0, 2000.0);
    assertThat(LatencyProfile.named("sluggish")).isEmpty();
  }

  private static double[] sequence(long seed, int n) {
    LatencySampler sampler = new LatencySampler(seed);
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = sampler.nextMillis(LatencyProfile.HEALTHY);
    }
    return out;
  }

  /** Nearest-rank quantile of sorted values. */
  static double quantile(double[] sorted, double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  /**
   * The healthy tail read as the p95: the same 80 ms median, and 200 ms is the p95 of the analytic
   * profile and of its seeded samples (the share below 200 ms is 95 %, within half a point).
   */
  @Test
  void theP95ReadingOfTheHealthyTailPuts200MsAtTheP95() {
    LatencyProfile p95 = LatencyProfile.healthy(HealthyTail.P95);
    assertThat(p95.medianMs()).isEqualTo(80.0);
    assertThat(p95.millisFor(LatencyProfile.Z95)).isCloseTo(200.0, within(1e-9));
    assertThat(p95.p99Ms()).isCloseTo(292.3, within(0.1));
    assertThat(LatencyProfile.healthy(HealthyTail.P99)).isEqualTo(LatencyProfile.HEALTHY);
    LatencySampler sampler = new LatencySampler(42);
    int below = 0;
    for (int i = 0; i < SAMPLES; i++) {
      below += sampler.nextMillis(p95) <= 200 ? 1 : 0;
    }
    assertThat(below / (double) SAMPLES).isCloseTo(0.95, within(0.005));
  }
}
