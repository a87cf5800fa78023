package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.signals.CanonicalProfile;
import solventa.signals.Signal;
import solventa.signals.SignalRequirement;

class ProfileTranslatorTest {
  private static final Instant FETCHED = Instant.parse("2026-11-30T10:00:00Z");

  private static byte[] payload(String name) throws IOException {
    try (InputStream in = ProfileTranslatorTest.class.getResourceAsStream("/payloads/" + name)) {
      assertThat(in).as(name).isNotNull();
      return in.readAllBytes();
    }
  }

  @Test
  void completeBundleFillsEverySignal() throws Exception {
    CanonicalProfile p =
        ProfileTranslator.translate("c00001234", payload("complete.json"), FETCHED);
    assertThat(p.isComplete()).isTrue();
    assertThat(p.customerId()).isEqualTo("c00001234");
    assertThat(p.fetchedAt()).isEqualTo(FETCHED);
    assertThat(p.get(Signal.MONTHLY_INCOME)).hasValue(new BigDecimal("5400.0000"));
    assertThat(p.get(Signal.PATRIMONY)).hasValue(new BigDecimal("250000.0000"));
    // 2019-05-21 .. 2026-11-30: 7 years and 6 whole months
    assertThat(p.get(Signal.RELATIONSHIP_MONTHS)).hasValue(BigDecimal.valueOf(90));
    assertThat(p.get(Signal.PRODUCTS_HELD)).hasValue(BigDecimal.valueOf(2));
    assertThat(p.get(Signal.AVAILABLE_BALANCE)).hasValue(new BigDecimal("1020.5400"));
    assertThat(p.get(Signal.BLOCKED_BALANCE)).hasValue(new BigDecimal("10.0000"));
    assertThat(p.get(Signal.INVESTED_BALANCE)).hasValue(new BigDecimal("300.0000"));
  }

  @Test
  void missingSectionsAndFieldsGiveAnIncompleteProfileNotAFailure() throws Exception {
    CanonicalProfile p = ProfileTranslator.translate("c1", payload("incomplete.json"), FETCHED);
    assertThat(p.get(Signal.MONTHLY_INCOME)).hasValue(new BigDecimal("10000.0000"));
    assertThat(p.get(Signal.PRODUCTS_HELD)).hasValue(BigDecimal.ONE);
    assertThat(p.get(Signal.BLOCKED_BALANCE)).hasValue(new BigDecimal("3.0000"));
    // one account lacks availableAmount, neither has invested: those totals are unknown
    assertThat(p.missing())
        .containsExactlyInAnyOrder(
            Signal.PATRIMONY,
            Signal.RELATIONSHIP_MONTHS,
            Signal.AVAILABLE_BALANCE,
            Signal.INVESTED_BALANCE);
  }

  @Test
  void anEmptyDataObjectIsAProfileWithEverySignalMissing() throws Exception {
    CanonicalProfile p =
        ProfileTranslator.translate(
            "c1", "{\"data\":{}}".getBytes(StandardCharsets.UTF_8), FETCHED);
    assertThat(p.signals()).isEmpty();
  }

  /**
   * Tolerance of absence ends at the reader's requirement: a body of another schema that keeps
   * {@code data} an object (its sections renamed) translates to no signal, and against rating's
   * requirement (one of the signals it rates) it is malformed; an incomplete profile still passes.
   */
  @Test
  void aProfileBelowTheRequirementIsMalformedAndAnIncompleteOneIsNot() throws Exception {
    SignalRequirement rated = SignalRequirement.anyOf(java.util.EnumSet.allOf(Signal.class));
    byte[] renamed =
        "{\"data\":{\"identification\":{},\"qualifications\":{},\"accountBalances\":[]}}"
            .getBytes(StandardCharsets.UTF_8);
    assertThat(ProfileTranslator.translate("c1", renamed, FETCHED).signals()).isEmpty();
    assertThatThrownBy(() -> ProfileTranslator.translate("c1", renamed, FETCHED, rated))
        .isInstanceOf(MalformedPayloadException.class)
        .hasMessageContaining("carries 0 of the signals the rating needs")
        .hasMessageContaining("[identification, qualifications, accountBalances]");
    assertThat(
            ProfileTranslator.translate("c1", payload("incomplete.json"), FETCHED, rated).signals())
        .hasSize(3);
    assertThat(ProfileTranslator.translate("c1", renamed, FETCHED, SignalRequirement.NONE))
        .isNotNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "truncated.json",
        "bad-amount.json",
        "wrong-type.json",
        "unknown-frequency.json",
        "no-data.json"
      })
  void malformedPayloadsAreRefusedWithAReason(String file) {
    assertThatThrownBy(() -> ProfileTranslator.translate("c1", payload(file), FETCHED))
        .isInstanceOf(MalformedPayloadException.class)
        .hasMessageNotContaining("null");
  }

  @Test
  void garbageAndEmptyBodiesAreMalformed() {
    for (String body : new String[] {"", "<html>oops</html>", "[1,2]", "null", "\"data\""}) {
      assertThatThrownBy(
              () ->
                  ProfileTranslator.translate("c1", body.getBytes(StandardCharsets.UTF_8), FETCHED))
          .as(body)
          .isInstanceOf(MalformedPayloadException.class);
    }
  }

  @ParameterizedTest(name = "{0} {1} -> {2}/month")
  @CsvSource({
    "1200.00, ANUAL, 100.0000",
    "300.00, TRIMESTRAL, 100.0000",
    "600.00, SEMESTRAL, 100.0000",
    "200.00, BIMESTRAL, 100.0000",
    "50.00, QUINZENAL, 100.0000",
    "12.00, SEMANAL, 52.0000",
    "12.00, DIARIA, 365.0000",
    "100.00, MENSAL, 100.0000"
  })
  void incomeIsNormalisedToAMonth(String amount, String frequency, String monthly)
      throws Exception {
    assertThat(ProfileTranslator.monthly(new BigDecimal(amount), frequency))
        .isEqualTo(new BigDecimal(monthly));
  }

  @Test
  void otherFrequencyLeavesIncomeMissingRatherThanGuessing() throws Exception {
    assertThat(ProfileTranslator.monthly(new BigDecimal("10.00"), "OUTROS")).isNull();
  }
}
