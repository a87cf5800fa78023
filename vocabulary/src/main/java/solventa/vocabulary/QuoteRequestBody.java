package solventa.vocabulary;

import java.util.Objects;

/**
 * A quote request as the API takes it ({@code POST /v1/quotes}; docs/api.md): the wire record every
 * client of the lab writes, field for field and in this order (the load generator, the runner's own
 * quotes, the fault matrix). The quote node reads a body with its own validating parser, which
 * refuses a malformed one naming the field; a test reads this record's bytes through that parser.
 *
 * @param partnerId the partner that embeds the quote
 * @param customerId the customer
 * @param lineOfBusiness auto, home or life
 * @param insuredObject what is insured
 */
public record QuoteRequestBody(
    String partnerId, String customerId, String lineOfBusiness, InsuredObject insuredObject) {

  /** The lab's one partner. */
  public static final String PARTNER = "partner-001";

  /**
   * Every id and the line are plain text: no quote, backslash or control character, so the body is
   * JSON as written (a client that wants a malformed body edits this record's text).
   */
  public QuoteRequestBody {
    plain("partnerId", partnerId);
    plain("customerId", customerId);
    plain("lineOfBusiness", lineOfBusiness);
    Objects.requireNonNull(insuredObject, "insuredObject");
  }

  /** A request of the lab's partner. */
  public static QuoteRequestBody of(
      String customerId, String lineOfBusiness, InsuredObject insuredObject) {
    return new QuoteRequestBody(PARTNER, customerId, lineOfBusiness, insuredObject);
  }

  /** The body as the API takes it, e.g. {@code {"partnerId":"partner-001","customerId":…}}. */
  public String json() {
    return "{\"partnerId\":\""
        + partnerId
        + "\",\"customerId\":\""
        + customerId
        + "\",\"lineOfBusiness\":\""
        + lineOfBusiness
        + "\",\"insuredObject\":"
        + insuredObject.json()
        + "}";
  }

  private static void plain(String field, String value) {
    Objects.requireNonNull(value, field);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\' || c < 0x20) {
        throw new IllegalArgumentException(field + " must be plain text, was " + value);
      }
    }
  }
}
