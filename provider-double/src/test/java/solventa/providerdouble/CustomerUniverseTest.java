package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.InsuredObjects;
import solventa.vocabulary.RiskSegment;

class CustomerUniverseTest {

  private final CustomerUniverse universe = new CustomerUniverse(42, 100_000, 0.2);

  @Test
  void theSameCustomerAlwaysGetsTheSameData() {
    for (int i = 0; i < 200; i++) {
      Customer c = universe.customer(i * 313);
      ObjectNode a = universe.data(c);
      ObjectNode b = new CustomerUniverse(42, 100_000, 0.2).data(c);
      assertThat(a).isEqualTo(b);
    }
  }

  @Test
  void anotherSeedGivesOtherData() {
    CustomerUniverse other = new CustomerUniverse(43, 100_000, 0.2);
    Customer c = universe.customer(1234);
    assertThat(universe.data(c)).isNotEqualTo(other.data(other.customer(1234)));
  }

  @Test
  void theConfiguredShareOfCustomersIsIncomplete() {
    int n = 20_000;
    int incomplete = 0;
    Map<Gap, Integer> byGap = new EnumMap<>(Gap.class);
    for (int i = 0; i < n; i++) {
      Customer c = universe.customer(i);
      if (!c.complete()) {
        incomplete++;
        c.gaps().forEach(g -> byGap.merge(g, 1, Integer::sum));
      }
    }
    assertThat(incomplete / (double) n).isBetween(0.19, 0.21);
    assertThat(byGap.keySet()).containsExactlyInAnyOrder(Gap.values());
  }

  @Test
  void incompleteCustomersReallyMissTheirDocumentedParts() {
    int checked = 0;
    for (int i = 0; i < 5_000; i++) {
      Customer c = universe.customer(i);
      JsonNode body = bodyOf(c);
      for (Gap gap : Gap.values()) {
        assertThat(present(body, gap.path()))
            .as("%s %s at %s", c.id(), gap, gap.path())
            .isEqualTo(!c.gaps().contains(gap) && present(body, parentOf(gap.path())));
      }
      checked += c.complete() ? 0 : 1;
    }
    assertThat(checked).isGreaterThan(500);
  }

  @Test
  void acceptsOnlyTheDocumentedIdFormatWithinTheUniverse() {
    assertThat(universe.find("c00000000")).isPresent();
    assertThat(universe.find("c00099999")).isPresent();
    assertThat(universe.find("c00100000")).isEmpty();
    assertThat(universe.find("c0000001")).isEmpty();
    assertThat(universe.find("C00000001")).isEmpty();
    assertThat(universe.find("c0000000a")).isEmpty();
    assertThat(universe.find("c000000001")).isEmpty();
    assertThat(CustomerUniverse.idOf(1234)).isEqualTo("c00001234");
  }

  @Test
  void eachSegmentsMedianIncomeIsTheDeclaredMultipleOfTheBase() {
    Map<RiskSegment, Double> medians = new HashMap<>();
    for (String line : InsuredObjects.LINES) {
      incomesBySegment(line, 6_000)
          .forEach((segment, incomes) -> medians.put(segment, median(incomes)));
      for (RiskSegment segment : InsuredObjects.segments(line)) {
        assertThat(medians.get(segment))
            .as(segment.display())
            .isCloseTo(4_500 * InsuredObjects.incomeMultiplier(segment), withinPercentage(15));
      }
    }
    // the declared direction: newer cars', masonry homes' and mid-life insureds' customers earn
    // more
    assertThat(medians.get(segment("auto", 3))).isGreaterThan(medians.get(segment("auto", 0)));
    assertThat(medians.get(segment("home", 0))).isGreaterThan(medians.get(segment("home", 2)));
    assertThat(medians.get(segment("life", 3))).isGreaterThan(medians.get(segment("life", 0)));
  }

  @Test
  void aCustomersMedianIncomeIsItsSegments() {
    for (int i = 0; i < 30; i++) {
      assertThat(CustomerUniverse.medianIncome(i))
          .isEqualTo(InsuredObjects.medianMonthlyIncome(InsuredObjects.segmentOf(i)));
    }
  }

  // the informed monthly incomes of the first n customers of the line, by their segment
  private static Map<RiskSegment, List<Double>> incomesBySegment(String line, int n) {
    CustomerUniverse complete = new CustomerUniverse(42, 100_000, 0);
    Map<RiskSegment, List<Double>> incomes = new HashMap<>();
    for (int i = InsuredObjects.LINES.indexOf(line); i < 3 * n; i += 3) {
      JsonNode amount =
          complete.data(complete.customer(i)).at("/qualification/informedIncome/amount/amount");
      incomes
          .computeIfAbsent(InsuredObjects.segmentOf(i), k -> new ArrayList<>())
          .add(Double.parseDouble(amount.asText()));
    }
    return incomes;
  }

  private static RiskSegment segment(String line, int i) {
    return InsuredObjects.segments(line).get(i);
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private JsonNode bodyOf(Customer c) {
    ObjectNode body = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
    body.set("data", universe.data(c));
    return body;
  }

  private static String parentOf(String path) {
    String p = path.replace("[*]", "");
    int dot = p.lastIndexOf('.');
    String parent = p.substring(0, dot);
    return path.contains("[*]") ? path.substring(0, path.indexOf("[*]")) : parent;
  }

  /** Whether {@code path} exists; {@code a.b[*].c} means "c present in every element of b". */
  static boolean present(JsonNode root, String path) {
    if (path.contains("[*].")) {
      String arrayPath = path.substring(0, path.indexOf("[*]"));
      String field = path.substring(path.indexOf("[*].") + 4);
      JsonNode array = at(root, arrayPath);
      if (array == null || array.isEmpty()) {
        return false;
      }
      for (JsonNode element : array) {
        if (!element.has(field)) {
          return false;
        }
      }
      return true;
    }
    return at(root, path) != null;
  }

  private static JsonNode at(JsonNode root, String path) {
    JsonNode node = root;
    for (String part : path.split("\\.")) {
      node = node.get(part);
      if (node == null) {
        return null;
      }
    }
    return node;
  }
}
