package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
  void bodyCarriesTheInsuredObjectOfItsLine() {
    assertThat(QuoteRequests.body("c00000003", "auto")).contains("\"vehicleValue\":85000");
    assertThat(QuoteRequests.body("c00000004", "home")).contains("\"constructionType\"");
    assertThat(QuoteRequests.body("c00000005", "life")).contains("\"age\":41");
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
