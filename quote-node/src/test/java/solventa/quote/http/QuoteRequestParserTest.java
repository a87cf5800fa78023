package solventa.quote.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.quote.QuoteRequest;

class QuoteRequestParserTest {

  @Test
  void parsesAWellFormedBody() {
    QuoteRequest r =
        QuoteRequestParser.parse(
            """
            {"partnerId":"p-1","customerId":"c00000001","lineOfBusiness":"auto",
             "insuredObject":{"vehicleValue":25000.50,"vehicleYear":2020,"plate":"ABC"}}
            """);
    assertThat(r.partnerId()).isEqualTo("p-1");
    assertThat(r.customerId()).isEqualTo("c00000001");
    assertThat(r.input().lineOfBusiness()).isEqualTo("auto");
    assertThat(r.input().insuredObject())
        .containsEntry("vehicleValue", new BigDecimal("25000.50"))
        .containsEntry("plate", "ABC");
    assertThat(r.input().insuredObject().get("vehicleYear")).isInstanceOf(Number.class);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{not json|body",
        "[1,2]|body",
        "{\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|partnerId",
        "{\"partnerId\":\"p\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|customerId",
        "{\"partnerId\":\"p\",\"customerId\":\"c 1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|customerId",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"insuredObject\":{}}|lineOfBusiness",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":7,\"insuredObject\":{}}|lineOfBusiness",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\"}|insuredObject",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":3}|insuredObject"
      })
  void rejectsABadBodyNamingTheField(String body, String field) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class, () -> QuoteRequestParser.parse(body));
    assertThat(e).isNotNull();
    assertThat(e.field()).isEqualTo(field);
    assertThat(e.getMessage()).isNotBlank();
  }

  private static String withVehicleValue(String raw) {
    return "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\","
        + "\"insuredObject\":{\"vehicleValue\":"
        + raw
        + ",\"vehicleYear\":2020}}";
  }

  /**
   * Regression (issue 14): {@code 1e10000000} parsed as an exact decimal made pricing round a
   * number of 10^7 digits (35 s of a core). Exponents and oversized numbers are refused while
   * parsing, naming the field, before any number is materialized.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "1e10000000",
    "1E3",
    "-2.5e-3",
    "1.0E+2",
    "1234567890123456",
    "1.12345",
    "-0.000001",
    "123456789012345678901234567890",
    "0.00000000000000000000000000000000000001",
  })
  void refusesExponentsAndOversizedNumbersNamingTheField(String raw) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class,
            () -> QuoteRequestParser.parse(withVehicleValue(raw)));
    assertThat(e).as(raw).isNotNull();
    assertThat(e.field()).isEqualTo("insuredObject.vehicleValue");
    assertThat(e.getMessage()).startsWith("insuredObject.vehicleValue must");
  }

  @Test
  void aThousandDigitNumberIsRefusedInTheTokenizerNamingTheField() {
    long t0 = System.nanoTime();
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class,
            () -> QuoteRequestParser.parse(withVehicleValue("9".repeat(5000))));
    assertThat(e).isNotNull();
    assertThat(e.field()).isEqualTo("insuredObject.vehicleValue");
    assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(2000);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"999999999999999.9999", "0.0001", "-5", "30000", "123456789012345"})
  void acceptsNumbersWithinTheBounds(String raw) {
    QuoteRequest r = QuoteRequestParser.parse(withVehicleValue(raw));
    assertThat((BigDecimal) r.input().insuredObject().get("vehicleValue"))
        .isEqualByComparingTo(new BigDecimal(raw));
  }

  @Test
  void refusesLongStringsDeepNestingAndOddLines() {
    String longString =
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"home\","
            + "\"insuredObject\":{\"constructionType\":\""
            + "x".repeat(65)
            + "\"}}";
    assertThat(fieldOf(longString)).isEqualTo("insuredObject.constructionType");
    String deep =
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\","
            + "\"insuredObject\":{\"a\":"
            + "[".repeat(2000)
            + "]".repeat(2000)
            + "}}";
    assertThat(fieldOf(deep)).isEqualTo("insuredObject.a");
    String line =
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\""
            + "a".repeat(33)
            + "\",\"insuredObject\":{}}";
    assertThat(fieldOf(line)).isEqualTo("lineOfBusiness");
  }

  private static String fieldOf(String body) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class, () -> QuoteRequestParser.parse(body));
    assertThat(e).as(body.length() > 200 ? body.substring(0, 200) : body).isNotNull();
    return e.field();
  }
}
