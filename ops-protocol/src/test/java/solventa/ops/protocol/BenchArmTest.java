package solventa.ops.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;
import solventa.vocabulary.ArmTraits;

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
    assertThat(BenchArm.C.andVariants())
        .containsExactly(
            BenchArm.C,
            BenchArm.C_B80,
            BenchArm.C_B160,
            BenchArm.C_RA,
            BenchArm.C_CR,
            BenchArm.C_SD);
  }

  /** C's variants are C plus node settings: same traits, judged beside C, never in its place. */
  @Test
  void cWithTheCardsMitigationsIsCPlusItsSettings() {
    for (BenchArm v :
        java.util.List.of(
            BenchArm.C_B80, BenchArm.C_B160, BenchArm.C_RA, BenchArm.C_CR, BenchArm.C_SD)) {
      assertThat(v.isVariant()).as(v.label()).isTrue();
      assertThat(v.traits()).isEqualTo(Arm.C.traits());
      assertThat(v.base()).isEqualTo(BenchArm.C);
    }
    assertThat(BenchArm.allVariants())
        .containsExactly(
            BenchArm.B_CB,
            BenchArm.C_B80,
            BenchArm.C_B160,
            BenchArm.C_RA,
            BenchArm.C_CR,
            BenchArm.C_SD);
    assertThat(BenchArm.C_B80.nodeSettings()).containsEntry("quote.budget", "80ms");
    assertThat(BenchArm.C_B160.nodeSettings()).containsEntry("quote.budget", "160ms");
    assertThat(BenchArm.variant("C+CR")).isEqualTo(BenchArm.C_CR);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BenchArm.variant("C"))
        .hasMessage("--variant must be one of B+CB, C@80ms, C@160ms, C+RA, C+CR, C+SD, was C");
  }

  @Test
  void theListsFollowTheTraits() {
    assertThat(BenchArm.fallingBack()).containsExactly(BenchArm.C, BenchArm.C_PRIME);
    assertThat(BenchArm.with(BenchArm::breaker))
        .containsExactly(
            BenchArm.B_CB,
            BenchArm.C,
            BenchArm.C_B80,
            BenchArm.C_B160,
            BenchArm.C_PRIME,
            BenchArm.C_RA,
            BenchArm.C_CR,
            BenchArm.C_SD);
    assertThat(BenchArm.with(BenchArm::coalesces)).containsExactly(BenchArm.C_PRIME);
    assertThat(BenchArm.with(a -> !a.caches())).containsExactly(BenchArm.A);
  }

  @Test
  void labelsAndTagsStayWhatTheResultsWrite() {
    assertThat(BenchArm.values())
        .extracting(BenchArm::label)
        .containsExactly("A", "B", "B+CB", "C", "C@80ms", "C@160ms", "C'", "C+RA", "C+CR", "C+SD");
    assertThat(BenchArm.values())
        .extracting(BenchArm::tag)
        .containsExactly("A", "B", "BCB", "C", "CB80", "CB160", "Cp", "CRA", "CCR", "CSD");
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
    assertThat(BenchArm.C_RA.nodeSettings())
        .containsExactly(
            Map.entry("quote.arm", "C"),
            Map.entry("quote.breaker", "on"),
            Map.entry("quote.refresh-ahead.beta", "1"));
    assertThat(BenchArm.C_CR.nodeSettings())
        .containsExactly(
            Map.entry("quote.arm", "C"),
            Map.entry("quote.breaker", "on"),
            Map.entry("of-adapter.providers.ofb.breaker.half-open-probes", "5"),
            Map.entry("quote.refresh-admission.jitter", "1s"),
            Map.entry("quote.refresh-admission.rate", "20"));
    assertThat(BenchArm.C_SD.nodeSettings())
        .containsExactly(
            Map.entry("quote.arm", "C"),
            Map.entry("quote.breaker", "on"),
            Map.entry("rating.default-profile", "segment"));
  }

  /** An arm outside the protocol runs as any arm and joins none of the protocol's lists. */
  @Test
  void anArmMadeOutsideTheProtocolIsItsTraitsAndInNoList() {
    BenchArm t =
        BenchArm.of(
            "B+FB", "BFB", Arm.B.withTraits(new ArmTraits(true, true, false, false)), Map.of());
    assertThat(t.isVariant()).isTrue();
    assertThat(t.base()).isEqualTo(BenchArm.B);
    assertThat(t.fallsBack()).isTrue();
    assertThat(t.breaker()).isFalse();
    assertThat(t.nodeSettings())
        .containsExactly(
            Map.entry("quote.arm", "B"),
            Map.entry("quote.breaker", "off"),
            Map.entry("quote.traits.falls-back", "on"));
    assertThat(BenchArm.values()).doesNotContain(t);
    assertThat(BenchArm.with(BenchArm::fallsBack)).doesNotContain(t);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BenchArm.of("C", "X", Arm.C, Map.of()))
        .hasMessageContaining("the protocol's arm C");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> BenchArm.of("X", "Cp", Arm.C, Map.of()))
        .hasMessageContaining("the protocol's arm C'");
    // the tag is the name results write: a protocol arm's name would read back as that arm
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> BenchArm.of("X", "C_PRIME", Arm.C, Map.of()))
        .hasMessageContaining("the protocol's arm C'");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> BenchArm.of("X", "X", new Arm("X", Arm.C.traits()), Map.of()))
        .hasMessageContaining("X is none");
  }

  /** Results name an arm by its constant's name, and read it back to the same arm. */
  @Test
  void resultsNameAnArmByItsConstantsName() throws Exception {
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    for (BenchArm a : BenchArm.values()) {
      String written = json.writeValueAsString(a);
      assertThat(json.readValue(written, BenchArm.class)).isSameAs(a);
    }
    assertThat(json.writeValueAsString(BenchArm.C_PRIME)).isEqualTo("\"C_PRIME\"");
    assertThat(BenchArm.valueOf("C_B80")).isSameAs(BenchArm.C_B80);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BenchArm.valueOf("Z"))
        .hasMessage("no arm is named Z");
  }
}
