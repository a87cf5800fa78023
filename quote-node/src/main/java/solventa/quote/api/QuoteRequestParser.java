package solventa.quote.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import solventa.quote.domain.QuoteRequest;
import solventa.rating.QuoteInput;

/**
 * Parses a {@code POST /v1/quotes} body into a {@link QuoteRequest}, or rejects it naming the first
 * offending field. Only the shape is checked here; rating validates the line of business and the
 * insured object's values.
 *
 * <p>One streaming pass over the tokens builds plain Java values (objects to ordered unmodifiable
 * maps, arrays to unmodifiable lists, numbers to exact {@link BigDecimal}s) and checks every number
 * and string as it goes; the path of a field is computed only when it is refused. Precedence of
 * errors: a refused number, long string, nesting or duplicate key (in document order) wins over
 * malformed JSON found later, which wins over content after the root value, which wins over the
 * shape checks (body, then partnerId, customerId, lineOfBusiness, insuredObject). The JSON is
 * strict: a key given twice in one object is refused naming its path (RFC 8259 leaves duplicate
 * names to the receiver; two readers of one body must not see two requests), and so is anything
 * after the root value but whitespace. A field the request does not have is refused naming it,
 * after the shape checks (rating refuses the insured object's own unknown fields).
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

  /** Longest id ({@code partnerId}, {@code customerId}). */
  private static final int MAX_ID = 64;

  /** Longest line of business. */
  private static final int MAX_LINE = 32;

  private static final String INSURED = "insuredObject";

  // decimals stay exact: money must not pass through a double. The read constraints stop a hostile
  // body in the tokenizer, before any number is materialized.
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNumberLength(MAX_INTEGER_DIGITS + MAX_SCALE + 2)
                  .maxNestingDepth(MAX_DEPTH)
                  .build())
          .build();

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
    if (!(read(body) instanceof Map<?, ?> root)) {
      throw new BadQuoteRequest("body", "the body must be a JSON object");
    }
    String partnerId = id(root, "partnerId");
    String customerId = id(root, "customerId");
    Object lob = root.get("lineOfBusiness");
    if (lob == null) {
      throw new BadQuoteRequest("lineOfBusiness", "lineOfBusiness is required");
    }
    if (!(lob instanceof String line) || !isToken(line, MAX_LINE, false)) {
      throw new BadQuoteRequest(
          "lineOfBusiness", "lineOfBusiness must be a string of 1-32 letters, digits, '_' or '-'");
    }
    Object insured = root.get(INSURED);
    if (insured == null) {
      throw new BadQuoteRequest(INSURED, "insuredObject is required");
    }
    if (!(insured instanceof Map<?, ?>)) {
      throw new BadQuoteRequest(INSURED, "insuredObject must be a JSON object");
    }
    for (Object name : root.keySet()) {
      if (!FIELDS.contains(name)) {
        throw new BadQuoteRequest(
            (String) name, name + " is not a field of a quote request; its fields: " + FIELDS);
      }
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> fields = (Map<String, Object>) insured;
    return new QuoteRequest(partnerId, customerId, new QuoteInput(line, fields));
  }

  /**
   * The fields of a quote request. Any other is refused naming it: a field the API does not read
   * must not look accepted (a partner's misspelt field would otherwise be silently dropped).
   */
  static final List<String> FIELDS = List.of("partnerId", "customerId", "lineOfBusiness", INSURED);

  /**
   * The root value as plain Java ({@code null} for an empty body or {@code null}), after checking
   * every number and string of the body, including those after the root value.
   */
  private static Object read(String body) {
    JsonParser p;
    try {
      p = FACTORY.createParser(body);
    } catch (IOException e) {
      throw new BadQuoteRequest("body", "the body could not be read");
    }
    try (p) {
      Object root;
      try {
        JsonToken t = p.nextToken();
        root = t == null ? null : value(p, t);
      } catch (StreamConstraintsException e) {
        throw refused(p, e);
      } catch (JsonProcessingException e) {
        throw new BadQuoteRequest("body", "malformed JSON: " + e.getOriginalMessage());
      }
      // the body is one JSON value: anything after it but whitespace is refused, read or not
      JsonToken after;
      try {
        after = p.nextToken();
      } catch (JsonProcessingException e) {
        after = JsonToken.NOT_AVAILABLE;
      }
      if (after != null) {
        throw new BadQuoteRequest(
            "body", "the body must be one JSON object, with nothing after it but whitespace");
      }
      return root;
    } catch (IOException e) {
      throw new BadQuoteRequest("body", "the body could not be read");
    }
  }

  /** The value starting at token {@code t}, checked and converted to plain Java. */
  private static Object value(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT:
        {
          Map<String, Object> m = new LinkedHashMap<>();
          for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            if (m.containsKey(name)) {
              String field = fieldOf(p);
              throw new BadQuoteRequest(
                  field, field + " is given twice: the keys of a JSON object must be unique");
            }
            m.put(name, value(p, p.nextToken()));
          }
          return Collections.unmodifiableMap(m);
        }
      case START_ARRAY:
        {
          List<Object> l = new ArrayList<>();
          for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
            l.add(value(p, e));
          }
          return Collections.unmodifiableList(l);
        }
      case VALUE_STRING:
        if (p.getTextLength() > MAX_STRING && inInsuredObject(p.getParsingContext())) {
          String field = fieldOf(p);
          throw new BadQuoteRequest(
              field, field + " must be at most " + MAX_STRING + " characters");
        }
        return p.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        checkNumber(p);
        return p.getDecimalValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IllegalStateException("unexpected token " + t);
    }
  }

  /**
   * Whether the current string's path starts with {@code insuredObject.}: the root object's field
   * is {@code insuredObject} and the string lies inside its value, or that field's name itself
   * starts with {@code insuredObject.}.
   */
  private static boolean inInsuredObject(JsonStreamContext current) {
    if (current.inRoot()) {
      return false;
    }
    JsonStreamContext top = current;
    while (!top.getParent().inRoot()) {
      top = top.getParent();
    }
    String name = top.inObject() ? top.getCurrentName() : null;
    return name != null
        && (name.startsWith(INSURED + ".") || (top != current && name.equals(INSURED)));
  }

  /**
   * Refuses the current number unless plain (optional {@code -}, digits, optional {@code .} and
   * digits: no exponent) with at most {@value #MAX_INTEGER_DIGITS} integer digits and {@value
   * #MAX_SCALE} decimals.
   */
  private static void checkNumber(JsonParser p) throws IOException {
    char[] c = p.getTextCharacters();
    int i = p.getTextOffset();
    int end = i + p.getTextLength();
    if (i < end && c[i] == '-') {
      i++;
    }
    int intStart = i;
    i = digits(c, i, end);
    int integerDigits = i - intStart;
    int decimals = 0;
    boolean plain = integerDigits > 0;
    if (i < end && c[i] == '.') {
      int decimalStart = ++i;
      i = digits(c, i, end);
      decimals = i - decimalStart;
      plain &= decimals > 0;
    }
    if (!plain || i != end) {
      String field = orBody(fieldOf(p));
      throw new BadQuoteRequest(
          field, field + " must be a plain decimal number, without an exponent");
    }
    if (integerDigits > MAX_INTEGER_DIGITS || decimals > MAX_SCALE) {
      throw tooManyDigits(orBody(fieldOf(p)));
    }
  }

  /** The index of the first non-digit at or after {@code i}, or {@code end}. */
  private static int digits(char[] c, int i, int end) {
    while (i < end && c[i] >= '0' && c[i] <= '9') {
      i++;
    }
    return i;
  }

  private static BadQuoteRequest tooManyDigits(String field) {
    return new BadQuoteRequest(
        field,
        field
            + " must have at most "
            + MAX_INTEGER_DIGITS
            + " integer digits and "
            + MAX_SCALE
            + " decimals");
  }

  /** A read constraint the tokenizer enforced (a too long number, too deep nesting). */
  private static BadQuoteRequest refused(JsonParser p, StreamConstraintsException e) {
    // the tokenizer reads a field's value with its name: the context names the field
    // (array positions dropped: the field is what the partner wrote)
    String field = orBody(fieldOf(p).replaceAll("(\\.-?\\d+)+$", ""));
    return e.getMessage().contains("esting")
        ? new BadQuoteRequest(field, field + " nests deeper than " + MAX_DEPTH + " levels")
        : tooManyDigits(field);
  }

  /** {@code field}, or {@code body} for a value outside every object (an empty path). */
  private static String orBody(String field) {
    return field.isEmpty() ? "body" : field;
  }

  /** The JSON path of the parser's current value as {@code a.b.0}; "" at the root. */
  private static String fieldOf(JsonParser p) {
    String pointer = p.getParsingContext().pathAsPointer().toString();
    return pointer.isEmpty() ? "" : pointer.substring(1).replace('/', '.');
  }

  // ids become Redis keys and entity ids: keep them short and free of separators
  private static String id(Map<?, ?> root, String field) {
    Object v = root.get(field);
    if (v == null) {
      throw new BadQuoteRequest(field, field + " is required");
    }
    if (!(v instanceof String s) || !isToken(s, MAX_ID, true)) {
      throw new BadQuoteRequest(
          field, field + " must be a string of 1-64 letters, digits, '.', '_' or '-'");
    }
    return s;
  }

  /**
   * Whether {@code s} has 1 to {@code max} characters, each an ASCII letter or digit, {@code _},
   * {@code -} or (if {@code dot}) {@code .}.
   */
  private static boolean isToken(String s, int max, boolean dot) {
    int n = s.length();
    if (n == 0 || n > max) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c == '-'
              || (dot && c == '.');
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
