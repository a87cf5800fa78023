package solventa.ops.faults;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import solventa.gatling.QuoteRequests;

/**
 * The hostile JSON row's corpus: invalid quote bodies drawn with a seed, the same number of each
 * kind, every one built from a valid body ({@link QuoteRequests#constantBody}, line life: the kinds
 * edit its text, so it holds the line's constant insured object whoever the customer is) and every
 * one below the node's max-body (16 KiB: a larger body is a 413 by design, not a parse). Each is
 * invalid by the API's contract: the answer must be a 400 problem naming a field.
 */
final class EdgeJsonCorpus {
  /** The kinds of invalid body, in the corpus's order. */
  enum Kind {
    HUGE_EXPONENT,
    LONG_NUMBER,
    LONG_STRING,
    DEEP_NESTING,
    WRONG_TYPE,
    TRUNCATED,
    DUPLICATE_KEY,
    TRAILING_CONTENT,
    INVALID_UTF8,
    EMPTY,
    NOT_JSON
  }

  /** One body of the corpus, of its kind. */
  record Body(Kind kind, byte[] bytes) {}

  /** The largest body the corpus builds (below the node's 16 KiB max-body). */
  static final int MAX_BYTES = 16_000;

  private static final String VALUE = "200000";

  private static final String AMOUNT = "\"insuredAmount\":";

  private EdgeJsonCorpus() {}

  /** {@code perKind} bodies of each kind for customer {@code customer}, drawn with {@code seed}. */
  static List<Body> build(String customer, int perKind, long seed) {
    Random r = new Random(seed);
    String valid = QuoteRequests.constantBody(customer, "life");
    List<Body> all = new ArrayList<>();
    for (Kind k : Kind.values()) {
      for (int i = 0; i < perKind; i++) {
        all.add(new Body(k, body(k, valid, customer, r)));
      }
    }
    return all;
  }

  static byte[] body(Kind kind, String valid, String customer, Random r) {
    return switch (kind) {
      case HUGE_EXPONENT ->
          utf8(
              number(
                  valid,
                  pick(
                      r,
                      "1e10000000",
                      "-1E-10000000",
                      "9.9e999999999",
                      "1e308",
                      "2E+400",
                      "0.5e-99999")));
      case LONG_NUMBER -> utf8(number(valid, digits(r, 1000 + r.nextInt(9000))));
      case LONG_STRING -> utf8(longString(valid, customer, "x".repeat(1000 + r.nextInt(9000)), r));
      case DEEP_NESTING ->
          utf8(number(valid, r.nextBoolean() ? nested(true, 3000) : nested(false, 2000)));
      case WRONG_TYPE -> utf8(wrongType(valid, customer, r));
      case TRUNCATED -> utf8(valid.substring(0, 1 + r.nextInt(valid.length() - 1)));
      case DUPLICATE_KEY -> utf8(duplicate(valid, customer, r));
      case TRAILING_CONTENT -> utf8(valid + pick(r, " {}", "x", "\n" + valid, " 42", " ]", "[]"));
      case INVALID_UTF8 -> invalidUtf8(valid, customer, r);
      case EMPTY -> utf8(pick(r, "", " ", "\r\n", "\t \n"));
      case NOT_JSON ->
          utf8(
              pick(
                  r,
                  "hello",
                  "<quote customerId=\"x\"/>",
                  "partnerId=p&customerId=c",
                  "null",
                  "true",
                  "42",
                  "[]",
                  "\"a string\"",
                  "{",
                  "}",
                  "{'partnerId':'p'}",
                  "NaN",
                  "undefined"));
    };
  }

  private static String pick(Random r, String... options) {
    return options[r.nextInt(options.length)];
  }

  // the valid body with its insuredAmount replaced by the given value text
  private static String number(String valid, String value) {
    return valid.replace(AMOUNT + VALUE, AMOUNT + value);
  }

  private static String digits(Random r, int n) {
    StringBuilder sb = new StringBuilder(n);
    sb.append((char) ('1' + r.nextInt(9)));
    for (int i = 1; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    if (r.nextBoolean()) {
      sb.insert(1 + r.nextInt(n - 1), '.');
    }
    return sb.toString();
  }

  // arrays 3,000 deep (6 KB); objects cost 6 bytes a level, so 2,000 deep keeps below max-body
  private static String nested(boolean arrays, int depth) {
    String open = arrays ? "[" : "{\"a\":";
    String close = arrays ? "]" : "}";
    return open.repeat(depth) + "1" + close.repeat(depth);
  }

  private static String longString(String valid, String customer, String s, Random r) {
    return switch (r.nextInt(4)) {
      case 0 -> valid.replace(customer, s);
      case 1 -> valid.replace("partner-001", s);
      case 2 -> valid.replace("\"life\"", "\"" + s + "\"");
      default -> valid.replace("\"age\":41", "\"age\":41,\"note\":\"" + s + "\"");
    };
  }

  private static String wrongType(String valid, String customer, Random r) {
    String quoted = "\"" + customer + "\"";
    return switch (r.nextInt(10)) {
      case 0 -> valid.replace(quoted, "12345");
      case 1 -> valid.replace(quoted, "true");
      case 2 -> valid.replace(quoted, "null");
      case 3 -> valid.replace(quoted, "{\"id\":" + quoted + "}");
      case 4 -> valid.replace("\"life\"", "7");
      case 5 -> valid.replace("{\"insuredAmount\":200000,\"age\":41}", "\"insured\"");
      case 6 -> valid.replace("{\"insuredAmount\":200000,\"age\":41}", "[200000,41]");
      case 7 -> number(valid, "\"" + VALUE + "\"");
      case 8 -> valid.replace("\"age\":41", "\"age\":\"forty-one\"");
      default -> "[" + valid + "]";
    };
  }

  // a key given twice: its second value valid (the same value again, or another valid one) or
  // invalid, at the root or inside insuredObject; strict JSON refuses every one naming the key
  private static String duplicate(String valid, String customer, Random r) {
    if (r.nextInt(4) == 0) {
      return valid.replace("\"age\":41", "\"age\":41,\"age\":" + pick(r, "41", "42", "\"x\""));
    }
    String extra =
        pick(
            r,
            "\"customerId\":\"" + customer + "\"",
            "\"partnerId\":\"p2\"",
            "\"lineOfBusiness\":\"life\"",
            "\"customerId\":42",
            "\"customerId\":\"\"",
            "\"partnerId\":\"bad id!\"",
            "\"insuredObject\":\"none\"",
            "\"insuredObject\":{\"insuredAmount\":-5,\"age\":41}");
    return valid.substring(0, valid.length() - 1) + "," + extra + "}";
  }

  // bytes that are not UTF-8 inside the customer id, the line of business or between tokens
  private static byte[] invalidUtf8(String valid, String customer, Random r) {
    byte[][] bad = {
      {(byte) 0xFF},
      {(byte) 0xC3, 0x28},
      {(byte) 0x80},
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
      {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
      {(byte) 0xC0, (byte) 0xAF}
    };
    byte[] b = bad[r.nextInt(bad.length)];
    String anchor = pick(r, customer, "life", "\"partnerId\"");
    int at =
        valid.indexOf(anchor) + (anchor.startsWith("\"") ? 0 : 1 + r.nextInt(anchor.length() - 1));
    byte[] prefix = utf8(valid.substring(0, at));
    byte[] suffix = utf8(valid.substring(at));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(prefix);
    out.writeBytes(b);
    out.writeBytes(suffix);
    return out.toByteArray();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
