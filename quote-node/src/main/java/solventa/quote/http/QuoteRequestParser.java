package solventa.quote.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import solventa.quote.QuoteRequest;
import solventa.rating.QuoteInput;

/**
 * Parses a {@code POST /v1/quotes} body into a {@link QuoteRequest}, or rejects it naming the first
 * offending field. Only the shape is checked here; rating validates the line of business and the
 * insured object's values.
 */
public final class QuoteRequestParser {
  /** Most integer digits of any number in the body (as rating's insured-value bound). */
  public static final int MAX_INTEGER_DIGITS = 15;

  /** Most decimals of any number in the body. */
  public static final int MAX_SCALE = 4;

  /** Longest string value accepted inside {@code insuredObject}. */
  public static final int MAX_STRING = 64;

  /** Deepest nesting of objects and arrays accepted (the contract needs 2). */
  public static final int MAX_DEPTH = 8;

  // decimals stay exact: money must not pass through a double. The read constraints stop a hostile
  // body in the tokenizer, before any number is materialized.
  private static final ObjectMapper MAPPER =
      new ObjectMapper(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxNumberLength(MAX_INTEGER_DIGITS + MAX_SCALE + 2)
                          .maxNestingDepth(MAX_DEPTH)
                          .build())
                  .build())
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
  // ids become Redis keys and entity ids: keep them short and free of separators
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
  private static final Pattern LINE = Pattern.compile("[A-Za-z0-9_-]{1,32}");
  // a plain JSON number: optional sign, integer digits, optional decimals, no exponent
  private static final Pattern PLAIN_NUMBER = Pattern.compile("-?(\\d+)(?:\\.(\\d+))?");

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
    scan(body);
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
    if (!lob.isTextual() || !LINE.matcher(lob.asText()).matches()) {
      throw new BadQuoteRequest(
          "lineOfBusiness", "lineOfBusiness must be a string of 1-32 letters, digits, '_' or '-'");
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

  /**
   * One pass over the tokens, before any tree is built: refuses numbers written with an exponent or
   * beyond {@value #MAX_INTEGER_DIGITS} integer digits or {@value #MAX_SCALE} decimals, strings in
   * {@code insuredObject} longer than {@value #MAX_STRING}, and nesting deeper than {@value
   * #MAX_DEPTH}, naming the field. Malformed JSON is left to the tree read that follows.
   */
  private static void scan(String body) {
    JsonParser p;
    try {
      p = MAPPER.getFactory().createParser(body);
    } catch (IOException e) {
      throw new BadQuoteRequest("body", "the body could not be read");
    }
    try (p) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
          checkNumber(fieldOf(p), p.getText());
        } else if (t == JsonToken.VALUE_STRING
            && p.getTextLength() > MAX_STRING
            && fieldOf(p).startsWith("insuredObject.")) {
          throw new BadQuoteRequest(
              fieldOf(p), fieldOf(p) + " must be at most " + MAX_STRING + " characters");
        }
      }
    } catch (StreamConstraintsException e) {
      // the tokenizer reads a field's value with its name: the context names the field
      // (array positions dropped: the field is what the partner wrote)
      String field = fieldOf(p).replaceAll("(\\.-?\\d+)+$", "");
      field = field.isEmpty() ? "body" : field;
      throw new BadQuoteRequest(
          field,
          e.getMessage().contains("esting")
              ? field + " nests deeper than " + MAX_DEPTH + " levels"
              : field
                  + " must have at most "
                  + MAX_INTEGER_DIGITS
                  + " integer digits and "
                  + MAX_SCALE
                  + " decimals");
    } catch (JsonProcessingException e) {
      // malformed JSON: the tree read reports it
    } catch (IOException e) {
      throw new BadQuoteRequest("body", "the body could not be read");
    }
  }

  private static void checkNumber(String field, String text) {
    java.util.regex.Matcher m = PLAIN_NUMBER.matcher(text);
    if (!m.matches()) {
      throw new BadQuoteRequest(
          field, field + " must be a plain decimal number, without an exponent");
    }
    int decimals = m.group(2) == null ? 0 : m.group(2).length();
    if (m.group(1).length() > MAX_INTEGER_DIGITS || decimals > MAX_SCALE) {
      throw new BadQuoteRequest(
          field,
          field
              + " must have at most "
              + MAX_INTEGER_DIGITS
              + " integer digits and "
              + MAX_SCALE
              + " decimals");
    }
  }

  /** The JSON path of the parser's current value as {@code a.b.0}; "" at the root. */
  private static String fieldOf(JsonParser p) {
    String pointer = p.getParsingContext().pathAsPointer().toString();
    return pointer.isEmpty() ? "" : pointer.substring(1).replace('/', '.');
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
