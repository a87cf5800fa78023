package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
}
