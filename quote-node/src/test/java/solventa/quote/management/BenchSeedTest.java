package solventa.quote.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bench seed's body: read whole, or refused naming the first wrong field (issue 14). */
class BenchSeedTest {

  @Test
  void readsEveryCustomerWithItsAge() {
    assertThat(
            BenchSeed.parse(
                    "{\"customers\":[{\"id\":\"c00000001\",\"ageMs\":0},"
                        + "{\"id\":\"c00000002\",\"ageMs\":90000}]}")
                .customers())
        .containsExactly(
            new BenchSeed.Customer("c00000001", 0), new BenchSeed.Customer("c00000002", 90_000));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "not json                                                     | body",
        "[                                                            | body",
        "{}                                                           | customers",
        "{\"customers\":{}}                                           | customers",
        "{\"customers\":[{\"ageMs\":5}]}                              | customers[0].id",
        "{\"customers\":[{\"id\":\" \",\"ageMs\":5}]}                 | customers[0].id",
        "{\"customers\":[{\"id\":\"c1\",\"ageMs\":5},{\"id\":\"c2\",\"ageMs\":-1}]} | customers[1].ageMs",
        "{\"customers\":[{\"id\":\"c1\",\"ageMs\":0.5}]}              | customers[0].ageMs",
        "{\"customers\":[{\"id\":\"c1\",\"ageMs\":\"12\"}]}           | customers[0].ageMs",
        "{\"customers\":[{\"id\":\"c1\"}]}                            | customers[0].ageMs",
        "{\"customers\":[{\"id\":\"c1\",\"ageMs\":99999999999999999999}]} | customers[0].ageMs",
      })
  void refusesABodyNamingTheFirstWrongField(String body, String field) {
    BenchSeed.Refused e =
        catchThrowableOfType(BenchSeed.Refused.class, () -> BenchSeed.parse(body));
    assertThat(e).as(body).isNotNull();
    assertThat(e.field()).isEqualTo(field);
    assertThat(e.getMessage()).contains(field);
  }
}
