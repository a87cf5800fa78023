package solventa.ops.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.quote.settings.Arm;

/** The bench's arms are the card's arms and their variants, each its traits. */
class BenchArmTest {

  @Test
  void theCardArmsRunAsTheCardDefinesThem() {
    assertThat(BenchArm.card())
        .containsExactly(BenchArm.A, BenchArm.B, BenchArm.C, BenchArm.C_PRIME);
    assertThat(BenchArm.card()).extracting(BenchArm::nodeArm).containsExactlyElementsOf(Arm.card());
    assertThat(BenchArm.card()).noneMatch(BenchArm::isVariant);
  }

  @Test
  void bWithTheBreakerIsBPlusOneOverride() {
    assertThat(BenchArm.B_CB.isVariant()).isTrue();
    assertThat(BenchArm.B_CB.cardArm()).isEqualTo(Arm.B);
    assertThat(BenchArm.B_CB.base()).isEqualTo(BenchArm.B);
    assertThat(BenchArm.B_CB.traits()).isEqualTo(Arm.B.traits().withBreaker(true));
    assertThat(BenchArm.B.andVariants()).containsExactly(BenchArm.B, BenchArm.B_CB);
    assertThat(BenchArm.C.andVariants()).containsExactly(BenchArm.C);
  }

  @Test
  void theListsFollowTheTraits() {
    assertThat(BenchArm.fallingBack()).containsExactly(BenchArm.C, BenchArm.C_PRIME);
    assertThat(BenchArm.with(BenchArm::breaker))
        .containsExactly(BenchArm.B_CB, BenchArm.C, BenchArm.C_PRIME);
    assertThat(BenchArm.with(BenchArm::coalesces)).containsExactly(BenchArm.C_PRIME);
    assertThat(BenchArm.with(a -> !a.caches())).containsExactly(BenchArm.A);
  }

  @Test
  void labelsAndTagsStayWhatTheResultsWrite() {
    assertThat(BenchArm.values())
        .extracting(BenchArm::label)
        .containsExactly("A", "B", "B+CB", "C", "C'");
    assertThat(BenchArm.values())
        .extracting(BenchArm::tag)
        .containsExactly("A", "B", "BCB", "C", "Cp");
    for (BenchArm a : BenchArm.values()) {
      assertThat(BenchArm.ofLabel(a.label())).isEqualTo(a);
    }
  }

  @Test
  void theNodeIsToldItsArmAndEveryOverride() {
    assertThat(BenchArm.B_CB.nodeSettings())
        .containsExactly(Map.entry("quote.arm", "B"), Map.entry("quote.breaker", "on"));
    assertThat(BenchArm.A.nodeSettings())
        .containsExactly(Map.entry("quote.arm", "A"), Map.entry("quote.breaker", "off"));
    assertThat(BenchArm.C_PRIME.nodeSettings())
        .containsExactly(Map.entry("quote.arm", "C'"), Map.entry("quote.breaker", "on"));
  }
}
