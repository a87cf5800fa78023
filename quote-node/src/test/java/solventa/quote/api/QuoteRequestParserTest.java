package solventa.quote.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.quote.domain.QuoteRequest;
import solventa.vocabulary.InsuredObject;
import solventa.vocabulary.InsuredObjects;
import solventa.vocabulary.QuoteRequestBody;

class QuoteRequestParserTest {

  @Test
  void parsesAWellFormedBody() {
    QuoteRequest r =
        QuoteRequestParser.parse(
            """
            {"partnerId":"p-1","customerId":"c00000001","lineOfBusiness":"auto",
             "insuredObject":{"vehicleValue":25000.50,"vehicleYear":2020,"plate":"ABC"}}
            """);
    assertThat(r.partnerId()).isEqualTo("p-1");
    assertThat(r.customerId()).isEqualTo("c00000001");
    assertThat(r.input().lineOfBusiness()).isEqualTo("auto");
    assertThat(r.input().insuredObject())
        .containsEntry("vehicleValue", new BigDecimal("25000.50"))
        .containsEntry("plate", "ABC");
    assertThat(r.input().insuredObject().get("vehicleYear")).isInstanceOf(Number.class);
  }

  /**
   * The wire record every client writes reads back, through the node's own parser, into the same
   * ids, line and insured fields: a customer's own object of each line and each line's constant.
   */
  @Test
  void theWireRecordEveryClientWritesParsesToTheSameRequest() {
    List<InsuredObject> objects = new java.util.ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      objects.add(InsuredObjects.of(i));
    }
    InsuredObjects.LINES.forEach(line -> objects.add(InsuredObjects.constant(line)));
    assertThat(objects).extracting(InsuredObject::line).containsAll(InsuredObjects.LINES);
    for (InsuredObject o : objects) {
      QuoteRequestBody body = QuoteRequestBody.of("c00000007", o.line(), o);
      QuoteRequest r = QuoteRequestParser.parse(body.json());
      assertThat(r.partnerId()).isEqualTo(QuoteRequestBody.PARTNER);
      assertThat(r.customerId()).isEqualTo("c00000007");
      assertThat(r.input().lineOfBusiness()).isEqualTo(o.line());
      assertThat(r.input().insuredObject()).isEqualTo(fieldsOf(o));
    }
  }

  /** The insured object's fields as the parser gives them: numbers as exact decimals. */
  private static Map<String, Object> fieldsOf(InsuredObject o) {
    if (o instanceof InsuredObject.Auto a) {
      return Map.of(
          "vehicleValue", new BigDecimal(a.vehicleValue()),
          "vehicleYear", new BigDecimal(a.vehicleYear()));
    }
    if (o instanceof InsuredObject.Home h) {
      return Map.of(
          "propertyValue",
          new BigDecimal(h.propertyValue()),
          "constructionType",
          h.constructionType());
    }
    InsuredObject.Life l = (InsuredObject.Life) o;
    return Map.of(
        "insuredAmount", new BigDecimal(l.insuredAmount()), "age", new BigDecimal(l.age()));
  }

  /** An id the record cannot write as plain JSON text is refused, naming the field. */
  @Test
  void theWireRecordRefusesAnIdItCannotWriteAsPlainText() {
    InsuredObject life = InsuredObjects.constant("life");
    assertThat(
            catchThrowableOfType(
                IllegalArgumentException.class, () -> QuoteRequestBody.of("c\"1", "life", life)))
        .hasMessage("customerId must be plain text, was c\"1");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{not json|body",
        "[1,2]|body",
        "{\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|partnerId",
        "{\"partnerId\":\"p\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|customerId",
        "{\"partnerId\":\"p\",\"customerId\":\"c 1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|customerId",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"insuredObject\":{}}|lineOfBusiness",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":7,\"insuredObject\":{}}|lineOfBusiness",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\"}|insuredObject",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":3}|insuredObject",
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{},\"discount\":1}|discount",
        "{\"partner\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}|partnerId"
      })
  void rejectsABadBodyNamingTheField(String body, String field) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class, () -> QuoteRequestParser.parse(body));
    assertThat(e).isNotNull();
    assertThat(e.field()).isEqualTo(field);
    assertThat(e.getMessage()).isNotBlank();
  }

  private static String withVehicleValue(String raw) {
    return "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\","
        + "\"insuredObject\":{\"vehicleValue\":"
        + raw
        + ",\"vehicleYear\":2020}}";
  }

  /**
   * Regression (issue 14): {@code 1e10000000} parsed as an exact decimal made pricing round a
   * number of 10^7 digits (35 s of a core). Exponents and oversized numbers are refused while
   * parsing, naming the field, before any number is materialized.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "1e10000000",
    "1E3",
    "-2.5e-3",
    "1.0E+2",
    "1234567890123456",
    "1.12345",
    "-0.000001",
    "123456789012345678901234567890",
    "0.00000000000000000000000000000000000001",
  })
  void refusesExponentsAndOversizedNumbersNamingTheField(String raw) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class,
            () -> QuoteRequestParser.parse(withVehicleValue(raw)));
    assertThat(e).as(raw).isNotNull();
    assertThat(e.field()).isEqualTo("insuredObject.vehicleValue");
    assertThat(e.getMessage()).startsWith("insuredObject.vehicleValue must");
  }

  @Test
  void aThousandDigitNumberIsRefusedInTheTokenizerNamingTheField() {
    long t0 = System.nanoTime();
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class,
            () -> QuoteRequestParser.parse(withVehicleValue("9".repeat(5000))));
    assertThat(e).isNotNull();
    assertThat(e.field()).isEqualTo("insuredObject.vehicleValue");
    assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(2000);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"999999999999999.9999", "0.0001", "-5", "30000", "123456789012345"})
  void acceptsNumbersWithinTheBounds(String raw) {
    QuoteRequest r = QuoteRequestParser.parse(withVehicleValue(raw));
    assertThat((BigDecimal) r.input().insuredObject().get("vehicleValue"))
        .isEqualByComparingTo(new BigDecimal(raw));
  }

  @Test
  void refusesLongStringsDeepNestingAndOddLines() {
    String longString =
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"home\","
            + "\"insuredObject\":{\"constructionType\":\""
            + "x".repeat(65)
            + "\"}}";
    assertThat(fieldOf(longString)).isEqualTo("insuredObject.constructionType");
    String deep =
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\","
            + "\"insuredObject\":{\"a\":"
            + "[".repeat(2000)
            + "]".repeat(2000)
            + "}}";
    assertThat(fieldOf(deep)).isEqualTo("insuredObject.a");
    String line =
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\""
            + "a".repeat(33)
            + "\",\"insuredObject\":{}}";
    assertThat(fieldOf(line)).isEqualTo("lineOfBusiness");
  }

  private static final String HEAD =
      "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",";

  private static QuoteRequestParser.BadQuoteRequest refusal(String body) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class, () -> QuoteRequestParser.parse(body));
    assertThat(e).as(body.length() > 200 ? body.substring(0, 200) : body).isNotNull();
    return e;
  }

  private static void assertRefused(String body, String field, String message) {
    QuoteRequestParser.BadQuoteRequest e = refusal(body);
    assertThat(e.field()).as(body).isEqualTo(field);
    assertThat(e.getMessage()).as(body).isEqualTo(message);
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"", "  \n", "null", "\"a string\"", "42", "true", "[]"})
  void anEmptyBodyNullOrANonObjectRootIsNotAJsonObject(String body) {
    assertRefused(body, "body", "the body must be a JSON object");
  }

  /** A refused number outside every object is named as the body, never as an empty field. */
  @Test
  void aRefusedNumberAtTheRootNamesTheBody() {
    assertRefused("1e5", "body", "body must be a plain decimal number, without an exponent");
    assertRefused(
        "1234567890123456", "body", "body must have at most 15 integer digits and 4 decimals");
  }

  /** The 400 body carries the tokenizer's own words, without its location. */
  @Test
  void malformedJsonKeepsTheTokenizersMessage() {
    assertRefused(
        "{\"partnerId\":",
        "body",
        "malformed JSON: Unexpected end-of-input within/between Object entries");
    assertRefused(
        "{not json",
        "body",
        "malformed JSON: Unexpected character ('n' (code 110)): was expecting double-quote to"
            + " start field name");
    assertRefused(
        HEAD + "\"insuredObject\":{\"v\":01}}",
        "body",
        "malformed JSON: Invalid numeric value: Leading zeroes not allowed");
    assertRefused(
        HEAD + "\"insuredObject\":{\"v\":\"abc",
        "body",
        "malformed JSON: Unexpected end-of-input: was expecting closing quote for a string value");
  }

  @Test
  void refusalsSayWhatIsWrongWithTheField() {
    assertRefused(
        withVehicleValue("1e3"),
        "insuredObject.vehicleValue",
        "insuredObject.vehicleValue must be a plain decimal number, without an exponent");
    assertRefused(
        withVehicleValue("1234567890123456"),
        "insuredObject.vehicleValue",
        "insuredObject.vehicleValue must have at most 15 integer digits and 4 decimals");
    assertRefused(
        withVehicleValue("1.12345"),
        "insuredObject.vehicleValue",
        "insuredObject.vehicleValue must have at most 15 integer digits and 4 decimals");
    // beyond the tokenizer's number length: refused before the number is read
    assertRefused(
        withVehicleValue("9".repeat(30)),
        "insuredObject.vehicleValue",
        "insuredObject.vehicleValue must have at most 15 integer digits and 4 decimals");
    assertRefused(
        HEAD + "\"insuredObject\":{\"a\":" + "[".repeat(9) + "]".repeat(9) + "}}",
        "insuredObject.a",
        "insuredObject.a nests deeper than 8 levels");
    assertRefused(
        HEAD + "\"insuredObject\":{\"plate\":\"" + "x".repeat(65) + "\"}}",
        "insuredObject.plate",
        "insuredObject.plate must be at most 64 characters");
    assertRefused(
        "{\"partnerId\":\"p/1\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}",
        "partnerId",
        "partnerId must be a string of 1-64 letters, digits, '.', '_' or '-'");
    assertRefused(
        "{\"partnerId\":\"p\",\"customerId\":\"c1\",\"lineOfBusiness\":\"a.b\",\"insuredObject\":{}}",
        "lineOfBusiness",
        "lineOfBusiness must be a string of 1-32 letters, digits, '_' or '-'");
    assertRefused(HEAD + "\"insuredObject\":null}", "insuredObject", "insuredObject is required");
    assertRefused(
        HEAD + "\"insuredObject\":[]}", "insuredObject", "insuredObject must be a JSON object");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "a.b-c_D.9",
        "x",
        // 64 characters: the longest id
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._"
      })
  void acceptsIdsOfLettersDigitsDotsUnderscoresAndDashes(String id) {
    QuoteRequest r =
        QuoteRequestParser.parse(
            "{\"partnerId\":\""
                + id
                + "\",\"customerId\":\""
                + id
                + "\",\"lineOfBusiness\":\"a_B-1\",\"insuredObject\":{}}");
    assertThat(r.partnerId()).isEqualTo(id);
    assertThat(r.customerId()).isEqualTo(id);
    assertThat(r.input().lineOfBusiness()).isEqualTo("a_B-1");
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(
      strings = {
        "",
        "a b",
        "\u00e9",
        "a/b",
        "a:b",
        // 65 characters: one too many
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"
      })
  void refusesOtherIds(String id) {
    assertRefused(
        "{\"partnerId\":\"p\",\"customerId\":\""
            + id
            + "\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{}}",
        "customerId",
        "customerId must be a string of 1-64 letters, digits, '.', '_' or '-'");
  }

  @Test
  void numbersKeepTheirScaleAndArraysAndObjectsBecomeUnmodifiablePlainValues() {
    Map<String, Object> insured =
        QuoteRequestParser.parse(
                HEAD
                    + "\"insuredObject\":{\"a\":[1,2.50,\"x\",true,false,null,{\"b\":-0.0}],"
                    + "\"year\":2020}}")
            .input()
            .insuredObject();
    assertThat(insured.keySet()).containsExactly("a", "year");
    assertThat(insured.get("year")).isEqualTo(new BigDecimal("2020"));
    @SuppressWarnings("unchecked")
    List<Object> a = (List<Object>) insured.get("a");
    assertThat(a)
        .containsExactly(
            new BigDecimal("1"),
            new BigDecimal("2.50"),
            "x",
            true,
            false,
            null,
            Map.of("b", new BigDecimal("0.0")));
    assertThat(((BigDecimal) a.get(1)).scale()).isEqualTo(2);
    assertThat(catchThrowableOfType(UnsupportedOperationException.class, () -> a.add(1)))
        .isNotNull();
    assertThat(catchThrowableOfType(UnsupportedOperationException.class, () -> insured.put("b", 1)))
        .isNotNull();
  }

  @Test
  void aValueInAnArrayIsNamedByItsPosition() {
    assertThat(refusal(HEAD + "\"insuredObject\":{\"a\":[1,\"" + "x".repeat(65) + "\"]}}").field())
        .isEqualTo("insuredObject.a.1");
    assertThat(refusal(HEAD + "\"insuredObject\":{\"a\":[[1e1]]}}").field())
        .isEqualTo("insuredObject.a.0.0");
    // a number too long for the tokenizer names the field, without positions
    assertThat(refusal(HEAD + "\"insuredObject\":{\"a\":[0," + "1".repeat(30) + "]}}").field())
        .isEqualTo("insuredObject.a");
  }

  /** Strings longer than 64 characters are refused inside insuredObject only. */
  @Test
  void longStringsOutsideInsuredObjectAreLeftToTheFieldChecks() {
    String note = "\"note\":\"" + "n".repeat(100) + "\",";
    // not refused for its length: for being no field of a quote request
    assertRefused(
        HEAD + note + "\"insuredObject\":{}}",
        "note",
        "note is not a field of a quote request; its fields: "
            + "[partnerId, customerId, lineOfBusiness, insuredObject]");
    assertRefused(
        HEAD + "\"insuredObject\":\"" + "x".repeat(65) + "\"}",
        "insuredObject",
        "insuredObject must be a JSON object");
  }

  /**
   * Strict JSON: a key given twice in one object is refused naming its path, whether its second
   * value is valid or not, at the root or inside insuredObject (two readers of one body must not
   * see two different requests).
   */
  @Test
  void aDuplicateKeyIsRefusedNamingItsPath() {
    assertRefused(
        "{\"partnerId\":\"p1\",\"customerId\":\"c1\",\"lineOfBusiness\":\"auto\","
            + "\"insuredObject\":{},\"partnerId\":\"p2\"}",
        "partnerId",
        "partnerId is given twice: the keys of a JSON object must be unique");
    assertRefused(
        HEAD + "\"insuredObject\":{\"a\":1,\"b\":2,\"a\":1}}",
        "insuredObject.a",
        "insuredObject.a is given twice: the keys of a JSON object must be unique");
    assertRefused(
        HEAD + "\"insuredObject\":{\"v\":1},\"insuredObject\":null}",
        "insuredObject",
        "insuredObject is given twice: the keys of a JSON object must be unique");
    // the same key in two different objects is no duplicate
    assertThat(
            QuoteRequestParser.parse(HEAD + "\"insuredObject\":{\"o\":{\"a\":1},\"a\":2}}")
                .input()
                .insuredObject())
        .containsKeys("o", "a");
  }

  /**
   * A refused number, long string or nesting wins over any error found later in the body, and over
   * the shape checks; malformed JSON wins over the shape checks.
   */
  @Test
  void refusalsComeInDocumentOrderBeforeTheShapeChecks() {
    assertThat(refusal("{\"lineOfBusiness\":7,\"insuredObject\":{\"v\":1e3}}").field())
        .isEqualTo("insuredObject.v");
    assertThat(refusal("{\"insuredObject\":{\"v\":1e3},\"x\":").field())
        .isEqualTo("insuredObject.v");
    assertThat(refusal("{\"a\":,\"insuredObject\":{\"v\":1e3}}").getMessage())
        .startsWith("malformed JSON: ");
    assertThat(refusal("{\"lineOfBusiness\":7,\"x\":[").getMessage())
        .startsWith("malformed JSON: ");
  }

  /** Strict JSON: anything after the root object but whitespace is refused, well-formed or not. */
  @Test
  void contentAfterTheRootObjectIsRefused() {
    String valid = withVehicleValue("30000");
    assertThat(QuoteRequestParser.parse(valid + " \r\n\t").input().insuredObject())
        .containsEntry("vehicleValue", new BigDecimal("30000"));
    for (String after :
        new String[] {" garbage ]", "{\"x\":1}", " {\"x\":1e3}", "[".repeat(9), "0"}) {
      assertRefused(
          valid + after,
          "body",
          "the body must be one JSON object, with nothing after it but whitespace");
    }
  }

  private static String fieldOf(String body) {
    QuoteRequestParser.BadQuoteRequest e =
        catchThrowableOfType(
            QuoteRequestParser.BadQuoteRequest.class, () -> QuoteRequestParser.parse(body));
    assertThat(e).as(body.length() > 200 ? body.substring(0, 200) : body).isNotNull();
    return e.field();
  }
}
