package solventa.quote.management;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * The bench seed's vocabulary ({@code POST /quote/bench/seed}, {@link BenchSeedRoutes}): the body
 * the runner sends, the answer it reads, and the one reading of a body. Free of the node's runtime
 * (records and Jackson only), so the runner uses these types as they are.
 */
public final class BenchSeed {

  /** The body: the customers to seed. */
  public record Request(List<Customer> customers) {}

  /** One customer to seed and the age its stored value should have, in ms (at least 0). */
  public record Customer(String id, long ageMs) {}

  /** What was seeded, and the customers that could not be (for the runner to retry). */
  public record Answer(int seeded, int failed, List<String> failedIds) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private BenchSeed() {}

  /**
   * The body's customers, in order, or the first field that is wrong: {@code body} (not JSON),
   * {@code customers} (not a list), {@code customers[i].id} (not a non-blank string), {@code
   * customers[i].ageMs} (not a whole number of ms from 0 to {@link Long#MAX_VALUE}).
   */
  public static Request parse(String body) {
    JsonNode root;
    try {
      root = JSON.readTree(body == null ? "" : body);
    } catch (JsonProcessingException e) {
      throw new Refused("body", "the body is not JSON");
    }
    JsonNode list = root == null ? null : root.get("customers");
    if (list == null || !list.isArray()) {
      throw new Refused("customers", "customers must be a list of {id, ageMs}");
    }
    List<Customer> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode c = list.get(i);
      String at = "customers[" + i + "]";
      JsonNode id = c.get("id");
      if (id == null || !id.isTextual() || id.asText().isBlank()) {
        throw new Refused(at + ".id", at + ".id must be a customer id (a non-blank string)");
      }
      JsonNode age = c.get("ageMs");
      if (age == null || !age.isIntegralNumber() || !age.canConvertToLong() || age.asLong() < 0) {
        throw new Refused(
            at + ".ageMs", at + ".ageMs must be a whole number of milliseconds, at least 0");
      }
      out.add(new Customer(id.asText(), age.asLong()));
    }
    return new Request(out);
  }

  /** A seed body refused, naming its field. */
  public static final class Refused extends RuntimeException {
    private final String field;

    Refused(String field, String message) {
      super(message, null, false, false);
      this.field = field;
    }

    public String field() {
      return field;
    }
  }
}
