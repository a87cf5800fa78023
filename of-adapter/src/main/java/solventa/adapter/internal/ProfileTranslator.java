package solventa.adapter.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import solventa.signals.CanonicalProfile;
import solventa.signals.Signal;
import solventa.signals.SignalRequirement;

/**
 * The anticorruption layer: the provider's profile bundle (docs/provider-contract.md) to canonical
 * signals. Tolerant of absence, strict on shape: a missing section or field leaves its signals
 * missing (an incomplete profile); a present value of the wrong type or format (or a body that is
 * not JSON) is a {@link MalformedPayloadException}. Stateless and thread-safe.
 */
public final class ProfileTranslator {

  /** The contract's amount format: {@code ^\d{1,15}\.\d{2,4}$}. */
  private static final Pattern AMOUNT = Pattern.compile("^\\d{1,15}\\.\\d{2,4}$");

  /** Balances may be negative (an overdrawn account), as in Open Finance Brasil's accounts API. */
  private static final Pattern SIGNED_AMOUNT = Pattern.compile("^-?\\d{1,15}\\.\\d{2,4}$");

  private static final Pattern CURRENCY = Pattern.compile("^[A-Z]{3}$");

  /** Scale of normalised amounts (the contract's finest is 4 decimals). */
  private static final int SCALE = 4;

  private static final ObjectMapper MAPPER = JsonMapper.builder().build();

  private ProfileTranslator() {}

  /**
   * Translates one 200 body, refusing a profile that does not meet {@code required}: a body of
   * another schema that keeps {@code data} an object translates to a profile with its signals
   * missing, which is no answer about the customer (tolerance of absence stops there).
   */
  public static CanonicalProfile translate(
      String customerId, byte[] body, Instant fetchedAt, SignalRequirement required)
      throws MalformedPayloadException {
    CanonicalProfile profile = translate(customerId, body, fetchedAt);
    if (!required.isMetBy(profile)) {
      throw new MalformedPayloadException(
          "the body carries "
              + required.heldBy(profile)
              + " of the signals the rating needs ("
              + required
              + "); data's fields: "
              + fieldsOf(body));
    }
    return profile;
  }

  /** The names of {@code data}'s fields, for a refusal (the body parsed already once). */
  private static java.util.List<String> fieldsOf(byte[] body) {
    try {
      java.util.List<String> names = new java.util.ArrayList<>();
      MAPPER
          .readTree(body)
          .path("data")
          .fieldNames()
          .forEachRemaining(n -> names.add(n.length() > 40 ? n.substring(0, 40) + "…" : n));
      return names.size() > 8 ? names.subList(0, 8) : names;
    } catch (java.io.IOException e) {
      return java.util.List.of();
    }
  }

  /** Translates one 200 body; {@code fetchedAt} stamps the profile and dates its tenure. */
  public static CanonicalProfile translate(String customerId, byte[] body, Instant fetchedAt)
      throws MalformedPayloadException {
    JsonNode root;
    try {
      root = MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw new MalformedPayloadException(
          "body is not JSON"
              + (e.getLocation() == null
                  ? ""
                  : " (at line "
                      + e.getLocation().getLineNr()
                      + ", column "
                      + e.getLocation().getColumnNr()
                      + ")"));
    } catch (java.io.IOException e) {
      throw new MalformedPayloadException("body could not be read", e);
    }
    if (root == null || root.isMissingNode() || !root.isObject()) {
      throw new MalformedPayloadException("body is not a JSON object");
    }
    JsonNode data = root.get("data");
    if (data == null || !data.isObject()) {
      throw new MalformedPayloadException("no data object in the envelope");
    }
    Map<Signal, BigDecimal> signals = new EnumMap<>(Signal.class);
    JsonNode qualification = section(data, "qualification");
    if (qualification != null) {
      qualification(qualification, signals);
    }
    JsonNode relation = section(data, "financialRelation");
    if (relation != null) {
      relation(relation, fetchedAt, signals);
    }
    JsonNode balances = optional(data, "balances");
    if (balances != null) {
      if (!balances.isArray()) {
        throw new MalformedPayloadException("data.balances is not an array");
      }
      balances(balances, signals);
    }
    return new CanonicalProfile(customerId, fetchedAt, signals);
  }

  private static void qualification(JsonNode q, Map<Signal, BigDecimal> out)
      throws MalformedPayloadException {
    JsonNode income = section(q, "informedIncome");
    if (income != null) {
      BigDecimal amount = amount(income, "amount", "qualification.informedIncome.amount", AMOUNT);
      JsonNode freq = optional(income, "frequency");
      if (amount != null && freq != null) {
        if (!freq.isTextual()) {
          throw new MalformedPayloadException("informedIncome.frequency is not a string");
        }
        BigDecimal monthly = monthly(amount, freq.textValue());
        if (monthly != null) {
          out.put(Signal.MONTHLY_INCOME, monthly);
        }
      }
    }
    JsonNode patrimony = section(q, "informedPatrimony");
    if (patrimony != null) {
      BigDecimal amount =
          amount(patrimony, "amount", "qualification.informedPatrimony.amount", AMOUNT);
      if (amount != null) {
        out.put(Signal.PATRIMONY, amount);
      }
    }
  }

  /**
   * Income per month from an amount per {@code frequency}. {@code OUTROS} ("other") has no period,
   * so the signal stays missing rather than being guessed; an unknown code is malformed.
   */
  static BigDecimal monthly(BigDecimal amount, String frequency) throws MalformedPayloadException {
    return switch (frequency) {
      case "DIARIA" -> scaled(amount.multiply(BigDecimal.valueOf(365)), 12);
      case "SEMANAL" -> scaled(amount.multiply(BigDecimal.valueOf(52)), 12);
      case "QUINZENAL" -> scaled(amount.multiply(BigDecimal.valueOf(2)), 1);
      case "MENSAL" -> scaled(amount, 1);
      case "BIMESTRAL" -> scaled(amount, 2);
      case "TRIMESTRAL" -> scaled(amount, 3);
      case "SEMESTRAL" -> scaled(amount, 6);
      case "ANUAL" -> scaled(amount, 12);
      case "OUTROS" -> null;
      default ->
          throw new MalformedPayloadException(
              "informedIncome.frequency is not a contract code: " + abbreviate(frequency));
    };
  }

  private static BigDecimal scaled(BigDecimal numerator, int months) {
    return numerator.divide(BigDecimal.valueOf(months), SCALE, RoundingMode.HALF_EVEN);
  }

  private static void relation(JsonNode r, Instant fetchedAt, Map<Signal, BigDecimal> out)
      throws MalformedPayloadException {
    JsonNode start = optional(r, "startDate");
    if (start != null) {
      if (!start.isTextual()) {
        throw new MalformedPayloadException("financialRelation.startDate is not a string");
      }
      LocalDate from = startDate(start.textValue());
      LocalDate to = fetchedAt.atOffset(ZoneOffset.UTC).toLocalDate();
      // a start after the fetch (clock skew at the provider) is a brand-new relationship
      long months = Math.max(0, ChronoUnit.MONTHS.between(from, to));
      out.put(Signal.RELATIONSHIP_MONTHS, BigDecimal.valueOf(months));
    }
    JsonNode products = optional(r, "productsServicesType");
    if (products != null) {
      if (!products.isArray()) {
        throw new MalformedPayloadException(
            "financialRelation.productsServicesType is not an array");
      }
      Set<String> distinct = new HashSet<>();
      for (JsonNode p : products) {
        if (!p.isTextual()) {
          throw new MalformedPayloadException("productsServicesType holds a non-string");
        }
        distinct.add(p.textValue());
      }
      out.put(Signal.PRODUCTS_HELD, BigDecimal.valueOf(distinct.size()));
    }
  }

  private static LocalDate startDate(String text) throws MalformedPayloadException {
    try {
      return Instant.parse(text).atOffset(ZoneOffset.UTC).toLocalDate();
    } catch (DateTimeParseException e) {
      try {
        return LocalDate.parse(text);
      } catch (DateTimeParseException e2) {
        throw new MalformedPayloadException(
            "financialRelation.startDate is not a date-time: " + abbreviate(text));
      }
    }
  }

  /**
   * Sums each balance over the accounts. If any account lacks an amount, that total is unknown and
   * the signal stays missing (a partial sum would understate it). No accounts means zero.
   */
  private static void balances(JsonNode list, Map<Signal, BigDecimal> out)
      throws MalformedPayloadException {
    sum(list, "availableAmount", Signal.AVAILABLE_BALANCE, out);
    sum(list, "blockedAmount", Signal.BLOCKED_BALANCE, out);
    sum(list, "automaticallyInvestedAmount", Signal.INVESTED_BALANCE, out);
  }

  private static void sum(JsonNode list, String field, Signal signal, Map<Signal, BigDecimal> out)
      throws MalformedPayloadException {
    BigDecimal total = BigDecimal.ZERO.setScale(SCALE);
    int i = 0;
    for (JsonNode account : list) {
      if (!account.isObject()) {
        throw new MalformedPayloadException("balances[" + i + "] is not an object");
      }
      BigDecimal amount = amount(account, field, "balances[" + i + "]." + field, SIGNED_AMOUNT);
      if (amount == null) {
        return;
      }
      total = total.add(amount);
      i++;
    }
    out.put(signal, total.setScale(SCALE, RoundingMode.HALF_EVEN));
  }

  /** {@code {amount, currency}} under {@code field}; null when absent, malformed when wrong. */
  private static BigDecimal amount(JsonNode parent, String field, String where, Pattern format)
      throws MalformedPayloadException {
    JsonNode node = optional(parent, field);
    if (node == null) {
      return null;
    }
    if (!node.isObject()) {
      throw new MalformedPayloadException(where + " is not an {amount, currency} object");
    }
    JsonNode value = optional(node, "amount");
    if (value == null) {
      return null;
    }
    if (!value.isTextual() || !format.matcher(value.textValue()).matches()) {
      throw new MalformedPayloadException(
          where
              + ".amount does not match "
              + format.pattern()
              + ": "
              + abbreviate(value.toString()));
    }
    JsonNode currency = optional(node, "currency");
    if (currency != null
        && (!currency.isTextual() || !CURRENCY.matcher(currency.textValue()).matches())) {
      throw new MalformedPayloadException(
          where + ".currency is not an ISO 4217 code: " + abbreviate(currency.toString()));
    }
    return new BigDecimal(value.textValue()).setScale(SCALE, RoundingMode.HALF_EVEN);
  }

  /** An object child or null when absent/null; malformed when present with another type. */
  private static JsonNode section(JsonNode parent, String field) throws MalformedPayloadException {
    JsonNode node = optional(parent, field);
    if (node != null && !node.isObject()) {
      throw new MalformedPayloadException(field + " is not an object");
    }
    return node;
  }

  /** A child, or null when absent or JSON null (both read as "not sent"). */
  private static JsonNode optional(JsonNode parent, String field) {
    JsonNode node = parent.get(field);
    return node == null || node.isNull() ? null : node;
  }

  /**
   * What a refused value looked like, without the value: details end in logs, and a provider's
   * payload is customer data (up to 40 characters of an income once reached the logs).
   */
  private static String abbreviate(String s) {
    return "a value of " + s.length() + " characters";
  }
}
