package solventa.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretTest {
  @Test
  void blankMeansNoneAndIsNotAWeakness() {
    assertThat(Secret.weakness(null)).isEmpty();
    assertThat(Secret.weakness("  ")).isEmpty();
    assertThat(Secret.redacted(null)).isEqualTo("<unset>");
  }

  @Test
  void shortAndRetiredValuesAreRefusedWithTheirReason() {
    assertThat(Secret.weakness("fifteen-chars-x")).get().asString().startsWith("is too short");
    assertThat(Secret.weakness(" ha01-actuarial-trace ")).get().asString().contains("retired");
    assertThat(Secret.retired("ha01-actuarial-trace")).isTrue();
  }

  @Test
  void aLongFreshSecretPassesAndIsShownByItsLengthOnly() {
    assertThat(Secret.weakness("sixteen-chars-ok")).isEmpty();
    assertThat(Secret.redacted(" sixteen-chars-ok ")).isEqualTo("<redacted, 16 chars>");
  }
}
