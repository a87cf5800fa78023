package solventa.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The card's arms are their traits as the experiment card (Arms) describes them. */
class ArmTest {

  @Test
  void armAHasNoCacheWaitsAndNeitherFallsBackNorBreaks() {
    assertThat(Arm.A.label()).isEqualTo("A");
    assertThat(Arm.A.usesCache()).isFalse();
    assertThat(Arm.A.traits().waitsOnMiss()).isTrue();
    assertThat(Arm.A.fallsBack()).isFalse();
    assertThat(Arm.A.coalesces()).isFalse();
    assertThat(Arm.A.breaker()).isFalse();
  }

  @Test
  void armBCachesAndWaitsOnAMissWithoutABreaker() {
    assertThat(Arm.B.label()).isEqualTo("B");
    assertThat(Arm.B.usesCache()).isTrue();
    assertThat(Arm.B.traits().waitsOnMiss()).isTrue();
    assertThat(Arm.B.fallsBack()).isFalse();
    assertThat(Arm.B.coalesces()).isFalse();
    assertThat(Arm.B.breaker()).isFalse();
  }

  @Test
  void armCCachesFallsBackAfterTheBudgetAndBreaks() {
    assertThat(Arm.C.label()).isEqualTo("C");
    assertThat(Arm.C.usesCache()).isTrue();
    assertThat(Arm.C.traits().waitsOnMiss()).isFalse();
    assertThat(Arm.C.fallsBack()).isTrue();
    assertThat(Arm.C.coalesces()).isFalse();
    assertThat(Arm.C.breaker()).isTrue();
  }

  @Test
  void armCPrimeIsCPlusCoalescing() {
    assertThat(Arm.C_PRIME.label()).isEqualTo("C'");
    assertThat(Arm.C_PRIME.traits()).isEqualTo(Arm.C.traits().withCoalescing(true));
    assertThat(Arm.C_PRIME.coalesces()).isTrue();
    assertThat(Arm.C_PRIME.fallsBack()).isTrue();
    assertThat(Arm.C_PRIME.breaker()).isTrue();
  }

  @Test
  void theCardHasFourArmsInItsOrder() {
    assertThat(Arm.card()).containsExactly(Arm.A, Arm.B, Arm.C, Arm.C_PRIME);
    assertThat(Arm.card()).extracting(Arm::label).containsExactly("A", "B", "C", "C'");
  }

  @Test
  void parsesTheCardsLabelsAndTheirShellSafeAliases() {
    assertThat(Arm.parse(" a ")).contains(Arm.A);
    assertThat(Arm.parse("C'")).contains(Arm.C_PRIME);
    assertThat(Arm.parse("cp")).contains(Arm.C_PRIME);
    assertThat(Arm.parse("C_PRIME")).contains(Arm.C_PRIME);
    assertThat(Arm.parse("CPRIME")).contains(Arm.C_PRIME);
    assertThat(Arm.parse("D")).isEmpty();
    assertThat(Arm.parse(null)).isEmpty();
  }

  @Test
  void aVariantIsTheArmWithAnOverrideAndNotTheArmItself() {
    Arm bWithBreaker = Arm.B.withTraits(Arm.B.traits().withBreaker(true));
    assertThat(bWithBreaker.label()).isEqualTo("B");
    assertThat(bWithBreaker.breaker()).isTrue();
    assertThat(bWithBreaker.traits().withBreaker(false)).isEqualTo(Arm.B.traits());
    assertThat(bWithBreaker).isNotEqualTo(Arm.B);
  }

  @Test
  void refusesTraitsThatNeedACacheOnAnArmWithout() {
    assertThatThrownBy(() -> Arm.A.traits().withFallback(true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("falls back needs a cache");
    assertThatThrownBy(() -> Arm.A.traits().withCoalescing(true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("coalesces needs a cache");
  }
}
