package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A soak's trend: growth is a slope whose 95 % interval excludes 0, failing when it nears the
 * limit.
 */
class SoakTrendTest {

  private static SoakTrend trend(double limit, double... values) {
    List<Double> minutes = new ArrayList<>();
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      minutes.add((double) i);
      v.add(values[i]);
    }
    return new SoakTrend("heap", "MB", limit, "a test's", minutes, v);
  }

  @Test
  void aFlatSeriesDoesNotGrow() {
    SoakTrend.Verdict v = trend(100, 50, 50, 50, 50, 50).judge();
    assertThat(v.grows()).isFalse();
    assertThat(v.fails()).isFalse();
    assertThat(v.slopePerHour()).isZero();
  }

  /** Noise around a level: the slope's interval contains 0. */
  @Test
  void noiseWithoutTrendDoesNotGrow() {
    Random r = new Random(7);
    double[] values = new double[30];
    for (int i = 0; i < values.length; i++) {
      values[i] = 200 + r.nextGaussian() * 20;
    }
    SoakTrend.Verdict v = trend(210, values).judge();
    assertThat(v.lowPerHour()).isNegative();
    assertThat(v.highPerHour()).isPositive();
    assertThat(v.grows()).isFalse();
    assertThat(v.fails()).as("even close to its limit").isFalse();
  }

  /** 1 MB a minute from 100: in 24 h the line is near 1,540 MB. */
  @Test
  void aSteadyGrowthPastTheLimitWithin24HoursFails() {
    SoakTrend.Verdict v = trend(1000, 100, 101.2, 101.8, 103.1, 104, 105.1, 105.9).judge();
    assertThat(v.grows()).isTrue();
    assertThat(v.slopePerHour()).isBetween(55.0, 65.0);
    assertThat(v.atHorizon()).isGreaterThan(1000);
    assertThat(v.fails()).isTrue();
  }

  @Test
  void aGrowthThatStaysUnderTheLimitFor24HoursDoesNotFail() {
    SoakTrend.Verdict v = trend(1e6, 100, 101.2, 101.8, 103.1, 104, 105.1, 105.9).judge();
    assertThat(v.grows()).isTrue();
    assertThat(v.fails()).isFalse();
  }

  @Test
  void fewerThanThreeSamplesAreNotJudged() {
    SoakTrend.Verdict v = trend(10, 1, 100).judge();
    assertThat(v.slopePerHour()).isNaN();
    assertThat(v.fails()).isFalse();
    assertThat(trend(10, 1, 100).describe()).contains("too few to judge");
  }

  @Test
  void theLineSaysWhatItFound() {
    assertThat(trend(1000, 100, 101.2, 101.8, 103.1, 104, 105.1, 105.9).describe())
        .contains("GROWS past the limit")
        .contains("a test's");
    assertThat(trend(100, 50, 50, 50).describe()).contains("no growth shown");
  }
}
