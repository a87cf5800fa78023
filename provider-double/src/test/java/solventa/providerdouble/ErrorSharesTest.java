package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorSharesTest {

  @ParameterizedTest
  @CsvSource({
    "-0.1,0,0,share429",
    "0,1.5,0,share504",
    "0,0,NaN,share529",
    "0.5,0.4,0.2,share429+share504+share529"
  })
  void rejectsASharesOutsideZeroToOneNamingTheField(
      double s429, double s504, double s529, String field) {
    assertThatThrownBy(() -> new ErrorShares(s429, s504, s529))
        .isInstanceOf(InvalidSettingException.class)
        .extracting(e -> ((InvalidSettingException) e).field())
        .isEqualTo(field);
  }

  @Test
  void answersEachStatusWithItsShare() {
    ErrorShares shares = new ErrorShares(0.1, 0.2, 0.05);
    SplittableRandom r = new SplittableRandom(7);
    int n = 100_000;
    int[] counts = new int[600];
    for (int i = 0; i < n; i++) {
      counts[shares.statusFor(r.nextDouble())]++;
    }
    assertThat(counts[429] / (double) n).isBetween(0.095, 0.105);
    assertThat(counts[504] / (double) n).isBetween(0.19, 0.21);
    assertThat(counts[529] / (double) n).isBetween(0.045, 0.055);
    assertThat(counts[200] / (double) n).isBetween(0.64, 0.66);
  }

  @Test
  void noneAlwaysAnswers200() {
    assertThat(ErrorShares.NONE.statusFor(0.0)).isEqualTo(200);
    assertThat(ErrorShares.NONE.statusFor(0.999999)).isEqualTo(200);
  }
}
