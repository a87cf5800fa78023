package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.vocabulary.InsuredObjects;

class KeyFeederTest {

  @ParameterizedTest
  @ValueSource(doubles = {0.005, 0.02})
  void knownCustomersComeFromThePopulationAndNeverSeenOnesAreNeverReused(double neverSeen) {
    var feeder = new KeyFeeder(7, 1_000, 250, neverSeen, 10_000);
    int known = 0;
    Set<Object> fresh = new HashSet<>();
    int n = 40_000;
    for (int i = 0; i < n; i++) {
      var row = feeder.next();
      if (row.get("keyKind").equals("known")) {
        known++;
        assertThat((String) row.get("customerId")).isBetween("c00001000", "c00001249");
      } else {
        assertThat(fresh.add(row.get("customerId"))).isTrue();
      }
    }
    assertThat(1 - known / (double) n)
        .isCloseTo(neverSeen, org.assertj.core.data.Offset.offset(0.003));
    assertThat(feeder.freshUsed(10_000)).isEqualTo(n - known);
  }

  @Test
  void sameSeedSameSequence() {
    assertThat(draw(1)).isEqualTo(draw(1)).isNotEqualTo(draw(2));
  }

  @Test
  void bodyCarriesTheCustomersOwnInsuredObject() {
    for (int i : new int[] {3, 4, 5, 1_234_567}) {
      String id = KeyFeeder.customerId(i);
      assertThat(QuoteRequests.body(id, KeyFeeder.lineOf(i)))
          .isEqualTo(
              "{\"partnerId\":\"partner-001\",\"customerId\":\""
                  + id
                  + "\",\"lineOfBusiness\":\""
                  + KeyFeeder.lineOf(i)
                  + "\",\"insuredObject\":"
                  + InsuredObjects.of(i).json()
                  + "}");
    }
    assertThat(QuoteRequests.body("c00000000", "auto"))
        .contains("\"insuredObject\":{\"vehicleValue\":32000,\"vehicleYear\":2006}");
  }

  @Test
  void objectsVaryFromCustomerToCustomer() {
    Set<String> bodies = new HashSet<>();
    for (int i = 0; i < 300; i += 3) {
      bodies.add(QuoteRequests.body(KeyFeeder.customerId(i), "auto").replaceAll("c[0-9]{8}", ""));
    }
    assertThat(bodies).hasSizeGreaterThan(15);
  }

  @Test
  void otherIdsAndOtherLinesKeepTheLinesConstantObject() {
    assertThat(QuoteRequests.body("x-1", "auto")).contains("\"vehicleValue\":85000");
    assertThat(QuoteRequests.body("x-1", "home")).contains("\"propertyValue\":450000");
    assertThat(QuoteRequests.body("x-1", "life")).contains("\"age\":41");
    // c00000003 is an auto customer: quoted as life it sends life's constant object
    assertThat(QuoteRequests.body("c00000003", "life"))
        .contains("\"insuredObject\":{\"insuredAmount\":200000,\"age\":41}");
    // c00000005 is a life customer, but the constant body holds the constant object
    assertThat(QuoteRequests.constantBody("c00000005", "life"))
        .isEqualTo(
            "{\"partnerId\":\"partner-001\",\"customerId\":\"c00000005\","
                + "\"lineOfBusiness\":\"life\",\"insuredObject\":{\"insuredAmount\":200000,\"age\":41}}");
  }

  @Test
  void loadOnlyTargetsLoopback() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                StepParameters.builder("http://10.0.0.1:8080", "C")
                    .rate(10)
                    .duration(java.time.Duration.ofSeconds(1))
                    .build())
        .hasMessageContaining("ha01.base-url");
  }

  private static List<Object> draw(long seed) {
    var f = new KeyFeeder(seed, 0, 100, 0.1, 1000);
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      out.add(f.next().get("customerId"));
    }
    return out;
  }

  @Test
  void aCustomerIdGivesBackItsLine() {
    for (int i : new int[] {0, 1, 2, 1_234_567}) {
      assertThat(KeyFeeder.lineOf(KeyFeeder.customerId(i))).isEqualTo(KeyFeeder.lineOf(i));
    }
    assertThat(KeyFeeder.lineOf("c1234567")).isNull();
    assertThat(KeyFeeder.lineOf("x00000001")).isNull();
    assertThat(KeyFeeder.lineOf((String) null)).isNull();
  }
}
