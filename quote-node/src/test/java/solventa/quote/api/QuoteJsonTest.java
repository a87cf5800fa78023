package solventa.quote.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.quote.domain.QuoteResponse;
import solventa.quote.domain.QuoteService;
import solventa.quote.profile.internal.ProfileCodec;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.signals.Signal;
import solventa.vocabulary.QuoteAnswer;

class QuoteJsonTest {

  private static QuoteResponse quote(String arm, String premium, Origin origin) {
    return new QuoteResponse(
        QuoteService.newQuoteId(),
        arm,
        "auto",
        new BigDecimal(premium),
        "BRL",
        new BigDecimal(premium),
        new BigDecimal(premium),
        "2026.1",
        origin,
        12,
        List.of("PATRIMONY"));
  }

  @Test
  void moneyHasTwoDecimalsWhateverItsScale() {
    String json =
        new String(QuoteJson.quote(quote("C", "100.5", Origin.FRESH)), StandardCharsets.UTF_8);
    assertThat(json).contains("\"amount\":100.50").contains("\"low\":100.50");
  }

  /**
   * What the node writes is its wire record, field for field: a client reading the bytes into
   * {@link QuoteAnswer}, refusing any field the record lacks, gets the record back.
   */
  @Test
  void theBytesReadBackIntoTheWireRecordEveryClientUses() throws Exception {
    QuoteResponse q = quote("C'", "1406.255", Origin.STALE);
    byte[] bytes = QuoteJson.quote(q);
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .enable(
                com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(
                com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    QuoteAnswer read = json.readValue(bytes, QuoteAnswer.class);
    assertThat(read).isEqualTo(QuoteJson.answer(q));
    assertThat(read.premium().amount()).isEqualTo(new BigDecimal("1406.26"));
    assertThat(read.profile().origin()).isEqualTo("STALE");
    assertThat(read.profile().missingSignals()).containsExactly("PATRIMONY");
  }

  @Test
  void quoteIdsHaveAFixedWidth() {
    for (int i = 0; i < 100; i++) {
      assertThat(QuoteService.newQuoteId()).hasSize(38).startsWith("q-");
    }
  }

  @Test
  void sameQuoteDiffersAcrossArmsByTheArmLabelOnly() {
    int a = QuoteJson.quote(quote("A", "100.5", Origin.FRESH)).length;
    int cPrime = QuoteJson.quote(quote("C'", "100.50", Origin.FRESH)).length;
    assertThat(cPrime - a).isEqualTo(1);
  }

  @Test
  void profileCodecRoundTripsEveryAmountExactly() {
    CanonicalProfile p =
        new CanonicalProfile(
            "c00000001",
            java.time.Instant.parse("2026-11-30T10:00:00.123Z"),
            java.util.Map.of(
                Signal.MONTHLY_INCOME, new BigDecimal("5400.0000"),
                Signal.PRODUCTS_HELD, new BigDecimal("2")));
    CanonicalProfile back = ProfileCodec.decode(ProfileCodec.encode(p));
    assertThat(back).isEqualTo(p);
    assertThat(back.get(Signal.MONTHLY_INCOME)).contains(new BigDecimal("5400.0000"));
  }
}
