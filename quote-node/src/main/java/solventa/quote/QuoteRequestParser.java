package solventa.quote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import solventa.rating.QuoteInput;

/**
 * Parses a {@code POST /v1/quotes} body into a {@link QuoteRequest}, or rejects it naming the first
 * offending field. Only the shape is checked here; rating validates the line of business and the
 * insured object's values.
 */
public final class QuoteRequestParser {
  // decimals stay exact: money must not pass through a double
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
  // ids become Redis keys and entity ids: keep them short and free of separators
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private QuoteRequestParser() {}

  /** A rejected body; {@link #field()} is the JSON path of the offending field. */
  public static final class BadQuoteRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String field;

    BadQuoteRequest(String field, String message) {
      super(message);
      this.field = field;
    }

    public String field() {
      return field;
    }
  }

  public static QuoteRequest parse(String body) {
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new BadQuoteRequest("body", "malformed JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new BadQuoteRequest("body", "the body must be a JSON object");
    }
    String partnerId = id(root, "partnerId");
    String customerId = id(root, "customerId");
    JsonNode lob = root.get("lineOfBusiness");
    if (lob == null || lob.isNull()) {
      throw new BadQuoteRequest("lineOfBusiness", "lineOfBusiness is required");
    }
    if (!lob.isTextual() || lob.asText().isBlank()) {
      throw new BadQuoteRequest("lineOfBusiness", "lineOfBusiness must be a non-empty string");
    }
    JsonNode insured = root.get("insuredObject");
    if (insured == null || insured.isNull()) {
      throw new BadQuoteRequest("insuredObject", "insuredObject is required");
    }
    if (!insured.isObject()) {
      throw new BadQuoteRequest("insuredObject", "insuredObject must be a JSON object");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> fields = (Map<String, Object>) plain(insured);
    return new QuoteRequest(partnerId, customerId, new QuoteInput(lob.asText(), fields));
  }

  private static String id(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || n.isNull()) {
      throw new BadQuoteRequest(field, field + " is required");
    }
    if (!n.isTextual() || !ID.matcher(n.asText()).matches()) {
      throw new BadQuoteRequest(
          field, field + " must be a string of 1-64 letters, digits, '.', '_' or '-'");
    }
    return n.asText();
  }

  /** JSON to plain Java: objects to maps, arrays to lists, numbers to {@link Number}. */
  private static Object plain(JsonNode n) {
    if (n.isObject()) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        m.put(e.getKey(), plain(e.getValue()));
      }
      return Collections.unmodifiableMap(m);
    }
    if (n.isArray()) {
      List<Object> l = new ArrayList<>();
      n.forEach(e -> l.add(plain(e)));
      return Collections.unmodifiableList(l);
    }
    if (n.isNumber()) {
      return n.decimalValue();
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    if (n.isNull()) {
      return null;
    }
    return n.asText();
  }
}
