package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.adapter.model.FailureKind;

/** How non-200 answers are classified: failures the breaker counts versus business answers. */
class ProviderClientTest {

  @ParameterizedTest(name = "HTTP {0} {1} -> {2}")
  @CsvSource(
      nullValues = "none",
      value = {
        "429, none, THROTTLED",
        "529, SITE_IS_OVERLOADED, THROTTLED",
        "500, none, HTTP_STATUS",
        "503, none, HTTP_STATUS",
        "504, GATEWAY_TIMEOUT, HTTP_STATUS",
        "404, none, NOT_FOUND",
        "404, NAO_ENCONTRADO, NOT_FOUND",
        "404, SOMETHING_ELSE, NOT_FOUND",
        "404, CONSENTIMENTO_INVALIDO, NOT_FOUND",
        "404, CLIENTE_DESCONHECIDO, UNKNOWN_CUSTOMER",
        "404, PARAMETRO_INVALIDO, UNKNOWN_CUSTOMER",
        "400, CLIENTE_DESCONHECIDO, UNKNOWN_CUSTOMER",
        "400, PARAMETRO_INVALIDO, UNKNOWN_CUSTOMER",
        "422, CLIENTE_DESCONHECIDO, UNKNOWN_CUSTOMER",
        "422, NAO_ENCONTRADO, HTTP_STATUS",
        "400, NAO_ENCONTRADO, HTTP_STATUS",
        "410, CLIENTE_DESCONHECIDO, HTTP_STATUS",
        "500, CLIENTE_DESCONHECIDO, HTTP_STATUS",
        "403, CONSENTIMENTO_INVALIDO, NO_CONSENT",
        "422, CONSENTIMENTO_REVOGADO, NO_CONSENT",
        "400, none, HTTP_STATUS",
        "400, SOMETHING_ELSE, HTTP_STATUS",
        "401, none, HTTP_STATUS",
        "403, none, HTTP_STATUS",
        "403, FORBIDDEN, HTTP_STATUS",
      })
  void classifiesStatusAndErrorCode(int status, String code, FailureKind expected) {
    FailureKind kind = ProviderClient.statusKind(status, code);
    assertThat(kind).isEqualTo(expected);
    assertThat(kind.countsAsBreakerFailure()).isEqualTo(!kind.isBusinessAnswer());
  }

  @ParameterizedTest(name = "[{index}]")
  @CsvSource(
      delimiter = '|',
      nullValues = "none",
      value = {
        "{\"errors\":[{\"code\":\"CLIENTE_DESCONHECIDO\",\"title\":\"t\"}]}|CLIENTE_DESCONHECIDO",
        "{\"errors\":[]}|none",
        "{\"errors\":[{\"code\":42}]}|none",
        "{\"errors\":[{\"code\":\"lower case\"}]}|none",
        "not json|none",
        "''|none",
        "[1,2]|none",
      })
  void readsOnlyAWellFormedOpenFinanceErrorCode(String body, String expected) {
    assertThat(ProviderClient.errorCode(body.getBytes(StandardCharsets.UTF_8))).isEqualTo(expected);
  }

  /**
   * A 404 is never a breaker failure: the id sent is always of the provider's format and one path
   * segment, so a client cannot pick the path, and one client asking for customers the provider
   * does not serve must not open the breaker for everyone. With the provider's unknown-customer
   * code it is UNKNOWN_CUSTOMER; otherwise (Pekko's text 404, a proxy's HTML page, an empty body,
   * another code) NOT_FOUND, counted apart so a misrouted adapter still shows. Other statuses
   * without a business code stay counted HTTP_STATUS failures.
   */
  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "404|The requested resource could not be found.|NOT_FOUND",
        "404|<html><head><title>404 Not Found</title></head><body>nginx</body></html>|NOT_FOUND",
        "404|''|NOT_FOUND",
        "404|{\"errors\":[{\"code\":\"NAO_ENCONTRADO\",\"title\":\"Not found\"}]}|NOT_FOUND",
        "404|{\"message\":\"CLIENTE_DESCONHECIDO\"}|NOT_FOUND",
        "404|{\"errors\":[{\"code\":\"CLIENTE_DESCONHECIDO\",\"title\":\"t\"}]}|UNKNOWN_CUSTOMER",
        "400|{\"errors\":[{\"code\":\"CLIENTE_DESCONHECIDO\",\"title\":\"t\"}]}|UNKNOWN_CUSTOMER",
        "400|{\"errors\":[{\"code\":\"PARAMETRO_INVALIDO\",\"title\":\"t\"}]}|UNKNOWN_CUSTOMER",
        "400|<html>bad request</html>|HTTP_STATUS",
        "410|''|HTTP_STATUS",
      })
  void aNotFoundIsABusinessAnswerNeverABreakerFailure(
      int status, String body, FailureKind expected) {
    FailureKind kind = ProviderClient.kindOf(status, body.getBytes(StandardCharsets.UTF_8));
    assertThat(kind).isEqualTo(expected);
    assertThat(kind.countsAsBreakerFailure())
        .as("only a failure counts toward the breaker")
        .isEqualTo(expected == FailureKind.HTTP_STATUS);
    assertThat(kind.isBusinessAnswer()).isEqualTo(expected != FailureKind.HTTP_STATUS);
  }

  @org.junit.jupiter.api.Test
  void onlyTheProviderFailuresCount() {
    for (FailureKind k : FailureKind.values()) {
      boolean failure =
          switch (k) {
            case TIMEOUT, CONNECTION, HTTP_STATUS, THROTTLED, MALFORMED -> true;
            case BREAKER_OPEN,
                BULKHEAD_REJECTED,
                UNKNOWN_CUSTOMER,
                NO_CONSENT,
                NOT_FOUND,
                REFUSED_ID ->
                false;
          };
      assertThat(k.countsAsBreakerFailure()).as(k.name()).isEqualTo(failure);
    }
  }
}
