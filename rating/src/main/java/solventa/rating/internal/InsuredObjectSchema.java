package solventa.rating.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import solventa.rating.model.InvalidQuoteInput;

/**
 * The insured-object contract of each line of business this build can price. The lines offered come
 * from the rule set; the fields each one needs are code, because the quote API, the load generator
 * and the docs send exactly these.
 *
 * <p>Each line has one <em>exposure</em> field (the insured amount the base rate multiplies) and
 * one <em>rated</em> field whose factor comes from the rule set (bands or categories).
 */
public record InsuredObjectSchema(
    String line, String exposureField, Field ratedField, List<Field> fields) {

  /** One required field of the insured object. */
  public sealed interface Field {
    String name();
  }

  /** A number strictly greater than zero (an amount in the quote's currency). */
  public record PositiveAmount(String name) implements Field {}

  /** An integer in {@code [min, max]}; its factor comes from bands. */
  public record IntegerRange(String name, int min, int max) implements Field {}

  /** One of a fixed set of strings; its factor comes from categories. */
  public record OneOf(String name, Set<String> values) implements Field {}

  /** The validated insured object: the exposure amount and the rated field's value. */
  public record Validated(BigDecimal exposure, Object rated) {}

  public static final Map<String, InsuredObjectSchema> KNOWN =
      Map.of(
          "auto",
          of("auto", "vehicleValue", new IntegerRange("vehicleYear", 1980, 2030)),
          "home",
          of(
              "home",
              "propertyValue",
              new OneOf("constructionType", Set.of("masonry", "wood", "mixed"))),
          "life",
          of("life", "insuredAmount", new IntegerRange("age", 18, 85)));

  private static InsuredObjectSchema of(String line, String exposure, Field rated) {
    return new InsuredObjectSchema(
        line, exposure, rated, List.of(new PositiveAmount(exposure), rated));
  }

  /**
   * Checks every field in declaration order and returns the exposure and rated value. Then a field
   * not in the line's contract is refused naming it: an insured object carries exactly its line's
   * fields, so a field the rating does not read never looks accepted.
   *
   * @throws InvalidQuoteInput naming {@code insuredObject.<field>} for the first bad field
   */
  public Validated validate(Map<String, Object> insured) {
    if (insured == null) {
      throw new InvalidQuoteInput("insuredObject", "insuredObject is required for line " + line);
    }
    BigDecimal exposure = null;
    Object rated = null;
    for (Field f : fields) {
      Object value = insured.get(f.name());
      String path = "insuredObject." + f.name();
      if (value == null) {
        throw new InvalidQuoteInput(path, path + " is required for line " + line);
      }
      Object checked;
      if (f instanceof IntegerRange r) {
        checked = integerIn(path, value, r.min(), r.max());
      } else if (f instanceof OneOf o) {
        checked = oneOf(path, value, o.values());
      } else {
        checked = positive(path, value);
      }
      if (f.name().equals(exposureField)) {
        exposure = (BigDecimal) checked;
      }
      if (f.equals(ratedField)) {
        rated = checked;
      }
    }
    for (String name : insured.keySet()) {
      if (fields.stream().noneMatch(f -> f.name().equals(name))) {
        String path = "insuredObject." + name;
        throw new InvalidQuoteInput(
            path,
            path
                + " is not a field of line "
                + line
                + "; its fields: "
                + fields.stream().map(Field::name).toList());
      }
    }
    return new Validated(exposure, rated);
  }

  private static BigDecimal positive(String path, Object value) {
    BigDecimal n = number(path, value);
    if (n.signum() <= 0) {
      throw new InvalidQuoteInput(path, path + " must be > 0, got " + n.toPlainString());
    }
    return n;
  }

  private static BigDecimal integerIn(String path, Object value, int min, int max) {
    BigDecimal n = number(path, value);
    if (n.stripTrailingZeros().scale() > 0) {
      throw new InvalidQuoteInput(path, path + " must be an integer, got " + n.toPlainString());
    }
    if (n.compareTo(BigDecimal.valueOf(min)) < 0 || n.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw new InvalidQuoteInput(
          path, path + " must be between " + min + " and " + max + ", got " + n.toPlainString());
    }
    return n;
  }

  private static String oneOf(String path, Object value, Set<String> allowed) {
    if (!(value instanceof String s) || !allowed.contains(s)) {
      throw new InvalidQuoteInput(
          path,
          path
              + " must be one of "
              + allowed.stream().sorted().toList()
              + (value instanceof String ? "" : ", got a non-string"));
    }
    return s;
  }

  /**
   * Most integer digits an insured value may have (under 10^15, far above any insured value). With
   * {@link #MAX_SCALE} it bounds the cost of pricing: an unbounded exact decimal such as {@code
   * 1e10000000} once made the pricer round a number of 10^7 digits.
   */
  public static final int MAX_INTEGER_DIGITS = 15;

  /** Most decimals an insured value may have (the provider contract's amounts have 4). */
  public static final int MAX_SCALE = 4;

  private static BigDecimal number(String path, Object value) {
    return bounded(path, exact(path, value));
  }

  /** Refuses a value outside the bounds before anything prints, rounds or compares it. */
  private static BigDecimal bounded(String path, BigDecimal n) {
    // precision() and scale() are cheap here: the body is at most quote.http.max-body bytes
    if (n.scale() > MAX_SCALE
        || n.signum() != 0 && n.precision() - n.scale() > MAX_INTEGER_DIGITS) {
      throw new InvalidQuoteInput(
          path,
          path
              + " must have at most "
              + MAX_INTEGER_DIGITS
              + " integer digits and "
              + MAX_SCALE
              + " decimals");
    }
    return n;
  }

  private static BigDecimal exact(String path, Object value) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    if (value instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (!Double.isFinite(d)) {
        throw new InvalidQuoteInput(path, path + " must be a finite number, got " + value);
      }
      return BigDecimal.valueOf(d);
    }
    throw new InvalidQuoteInput(
        path,
        path
            + " must be a number, got "
            + (value instanceof String ? "a string" : value == null ? "null" : "a non-number"));
  }
}
