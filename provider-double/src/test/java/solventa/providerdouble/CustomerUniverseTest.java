package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
