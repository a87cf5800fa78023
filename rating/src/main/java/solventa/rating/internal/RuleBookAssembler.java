package solventa.rating.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import solventa.rating.internal.InsuredObjectSchema.IntegerRange;
import solventa.rating.internal.InsuredObjectSchema.OneOf;
import solventa.rating.internal.LineRules.BandedField;
import solventa.rating.internal.LineRules.CategoryField;
import solventa.rating.internal.LineRules.Loading;
import solventa.rating.internal.LineRules.ObjectRule;
import solventa.rating.internal.RawRuleBook.RuleSetRow;
import solventa.rating.model.DefaultProfileMode;
import solventa.rating.model.InvalidRuleSet;
import solventa.signals.Origin;
import solventa.signals.Signal;

/**
 * Validates the raw rule-book rows and builds the immutable {@link RuleBook}. Pure: no I/O.
 *
 * <p>Only the version in force at {@code now} and the later ones are kept and validated: an older,
 * superseded version can never price again, so it must not block a start. Every failure is an
 * {@link InvalidRuleSet} whose rule reads {@code version/table/line[/key]}.
 */
public final class RuleBookAssembler {
  private RuleBookAssembler() {}

  /**
   * @param mode the default-profile mode the engine prices with: the segment defaults are checked
   *     (and kept) only in the segment mode, so a rule set without them still starts in the line
   *     mode
   */
  public static RuleBook assemble(RawRuleBook raw, Instant now, DefaultProfileMode mode) {
    Map<String, String> currencies = new HashMap<>();
    for (var l : raw.lines()) {
      if (l.currency() == null || !l.currency().matches("[A-Z]{3}")) {
        throw new InvalidRuleSet(
            "line_of_business/" + l.code(),
            "currency must be an ISO 4217 code, got " + l.currency());
      }
      currencies.put(l.code(), l.currency());
    }
    List<RuleSetRow> sorted = new ArrayList<>(raw.ruleSets());
    sorted.sort(Comparator.comparing(RuleSetRow::effectiveFrom));
    int inForce = -1;
    for (int i = 0; i < sorted.size(); i++) {
      if (!sorted.get(i).effectiveFrom().isAfter(now)) {
        inForce = i;
      }
    }
    if (inForce < 0) {
      throw new InvalidRuleSet(
          "rule_set",
          "no rule set in force at "
              + now
              + (sorted.isEmpty()
                  ? "; the table is empty"
                  : "; the earliest, "
                      + sorted.get(0).version()
                      + ", starts "
                      + sorted.get(0).effectiveFrom()));
    }
    List<RuleSet> kept = new ArrayList<>();
    for (RuleSetRow row : sorted.subList(inForce, sorted.size())) {
      kept.add(ruleSet(raw, row, currencies, mode));
    }
    return new RuleBook(kept);
  }

  private static RuleSet ruleSet(
      RawRuleBook raw, RuleSetRow row, Map<String, String> currencies, DefaultProfileMode mode) {
    String v = row.version();
    Factors.requireWeight(v + "/rule_set", "max_uncertainty", row.maxUncertainty());
    Map<Origin, BigDecimal> weights = originWeights(raw, v);
    TreeMap<String, LineRules> lines = pricedLines(raw, v, currencies);
    requireKnownLinesInFactorTables(raw, v, lines);
    if (mode == DefaultProfileMode.SEGMENT) {
      requireKnownLines(
          v, SegmentDefaults.TABLE, lines, raw.segmentDefaults(), r -> r.version(), r -> r.line());
    }
    for (var e : lines.entrySet()) {
      LineRules partial = e.getValue();
      Set<Signal> rated = partial.signalBands().keySet();
      e.setValue(
          new LineRules(
              partial.code(),
              partial.currency(),
              partial.exposureRate(),
              partial.minimumPremium(),
              partial.objectRule(),
              partial.signalBands(),
              loadings(raw, v, e.getKey(), rated),
              defaults(raw, v, e.getKey(), rated),
              mode == DefaultProfileMode.SEGMENT
                  ? SegmentDefaults.of(raw, v, partial, rated)
                  : Map.of()));
    }
    return new RuleSet(
        v,
        row.effectiveFrom(),
        row.maxUncertainty(),
        Collections.unmodifiableMap(weights),
        Collections.unmodifiableNavigableMap(lines));
  }

  /** The range weight of each origin in version {@code v}; both fallback origins must have one. */
  private static Map<Origin, BigDecimal> originWeights(RawRuleBook raw, String v) {
    Map<Origin, BigDecimal> weights = new EnumMap<>(Origin.class);
    for (var w : raw.originWeights()) {
      if (!w.version().equals(v)) {
        continue;
      }
      String rule = v + "/origin_range_weight/" + w.origin();
      Origin origin = parse(Origin.class, rule, "origin", w.origin());
      Factors.requireWeight(rule, "range_weight", w.rangeWeight());
      weights.put(origin, w.rangeWeight());
    }
    for (Origin fallback : List.of(Origin.STALE, Origin.DEFAULT)) {
      if (!weights.containsKey(fallback)) {
        throw new InvalidRuleSet(
            v + "/origin_range_weight/" + fallback,
            "no range weight for the fallback origin " + fallback);
      }
    }
    return weights;
  }

  /**
   * The lines version {@code v} prices (one per base_rate row), with their object rule and signal
   * bands; their loadings and default profiles are still empty. At least one line.
   */
  private static TreeMap<String, LineRules> pricedLines(
      RawRuleBook raw, String v, Map<String, String> currencies) {
    TreeMap<String, LineRules> lines = new TreeMap<>();
    for (var b : raw.baseRates()) {
      if (!b.version().equals(v)) {
        continue;
      }
      String line = b.line();
      String rule = v + "/base_rate/" + line;
      InsuredObjectSchema schema = InsuredObjectSchema.KNOWN.get(line);
      if (schema == null) {
        throw new InvalidRuleSet(
            rule,
            "line '"
                + line
                + "' has no insured-object schema in this build; known: "
                + new TreeMap<>(InsuredObjectSchema.KNOWN).keySet());
      }
      String currency = currencies.get(line);
      if (currency == null) {
        throw new InvalidRuleSet(rule, "line '" + line + "' is not in line_of_business");
      }
      Factors.requirePositive(rule, "exposure_rate", b.exposureRate());
      Factors.requireNonNegative(rule, "minimum_premium", b.minimumPremium());
      lines.put(
          line,
          new LineRules(
              line,
              currency,
              b.exposureRate(),
              b.minimumPremium(),
              objectRule(raw, v, schema),
              Collections.unmodifiableMap(new EnumMap<>(signalBands(raw, v, line))),
              Map.of(),
              Map.of(),
              Map.of()));
    }
    if (lines.isEmpty()) {
      throw new InvalidRuleSet(v + "/base_rate", "the rule set prices no line of business");
    }
    return lines;
  }

  /** Every factor table's rows of version {@code v} are for a line it prices. */
  private static void requireKnownLinesInFactorTables(
      RawRuleBook raw, String v, Map<String, LineRules> lines) {
    requireKnownLines(
        v, "object_band_factor", lines, raw.objectBands(), r -> r.version(), r -> r.line());
    requireKnownLines(
        v,
        "object_category_factor",
        lines,
        raw.objectCategories(),
        r -> r.version(),
        r -> r.line());
    requireKnownLines(
        v, "signal_band_factor", lines, raw.signalBands(), r -> r.version(), r -> r.line());
    requireKnownLines(
        v, "missing_signal_loading", lines, raw.loadings(), r -> r.version(), r -> r.line());
    requireKnownLines(v, "default_profile", lines, raw.defaults(), r -> r.version(), r -> r.line());
  }

  private static ObjectRule objectRule(RawRuleBook raw, String v, InsuredObjectSchema schema) {
    String line = schema.line();
    String field = schema.ratedField().name();
    for (var r : raw.objectBands()) {
      if (r.version().equals(v) && r.line().equals(line) && !r.field().equals(field)) {
        throw new InvalidRuleSet(
            v + "/object_band_factor/" + line + "/" + r.field(),
            "line '" + line + "' rates only the field " + field);
      }
    }
    for (var r : raw.objectCategories()) {
      if (r.version().equals(v) && r.line().equals(line) && !r.field().equals(field)) {
        throw new InvalidRuleSet(
            v + "/object_category_factor/" + line + "/" + r.field(),
            "line '" + line + "' rates only the field " + field);
      }
    }
    if (schema.ratedField() instanceof IntegerRange) {
      String rule = v + "/object_band_factor/" + line + "/" + field;
      List<Band> bands =
          raw.objectBands().stream()
              .filter(r -> r.version().equals(v) && r.line().equals(line))
              .map(r -> new Band(r.lower(), r.upper(), r.factor()))
              .toList();
      return new BandedField(field, BandTable.of(rule, bands));
    }
    OneOf oneOf = (OneOf) schema.ratedField();
    Map<String, BigDecimal> factors = new HashMap<>();
    for (var r : raw.objectCategories()) {
      if (!r.version().equals(v) || !r.line().equals(line)) {
        continue;
      }
      String rule = v + "/object_category_factor/" + line + "/" + field + "/" + r.category();
      if (!oneOf.values().contains(r.category())) {
        throw new InvalidRuleSet(
            rule, "unknown category; allowed: " + oneOf.values().stream().sorted().toList());
      }
      Factors.requirePositive(rule, "", r.factor());
      factors.put(r.category(), r.factor());
    }
    for (String allowed : oneOf.values()) {
      if (!factors.containsKey(allowed)) {
        throw new InvalidRuleSet(
            v + "/object_category_factor/" + line + "/" + field + "/" + allowed,
            "no factor for category '" + allowed + "'");
      }
    }
    return new CategoryField(field, Map.copyOf(factors));
  }

  private static Map<Signal, BandTable> signalBands(RawRuleBook raw, String v, String line) {
    Map<Signal, List<Band>> bySignal = new EnumMap<>(Signal.class);
    for (var r : raw.signalBands()) {
      if (!r.version().equals(v) || !r.line().equals(line)) {
        continue;
      }
      String rule = v + "/signal_band_factor/" + line + "/" + r.signal();
      Signal s = parse(Signal.class, rule, "signal", r.signal());
      bySignal
          .computeIfAbsent(s, k -> new ArrayList<>())
          .add(new Band(r.lower(), r.upper(), r.factor()));
    }
    Map<Signal, BandTable> tables = new EnumMap<>(Signal.class);
    bySignal.forEach(
        (s, bands) ->
            tables.put(s, BandTable.of(v + "/signal_band_factor/" + line + "/" + s, bands)));
    return tables;
  }

  private static Map<Signal, Loading> loadings(
      RawRuleBook raw, String v, String line, Set<Signal> rated) {
    Map<Signal, Loading> loadings = new EnumMap<>(Signal.class);
    for (var r : raw.loadings()) {
      if (!r.version().equals(v) || !r.line().equals(line)) {
        continue;
      }
      String rule = v + "/missing_signal_loading/" + line + "/" + r.signal();
      Signal s = parse(Signal.class, rule, "signal", r.signal());
      if (!rated.contains(s)) {
        throw new InvalidRuleSet(
            rule, "loading for a signal the line does not rate (no signal_band_factor rows)");
      }
      Factors.requireNonNegative(rule, "loading", r.loading());
      Factors.requireWeight(rule, "range_weight", r.rangeWeight());
      loadings.put(s, new Loading(r.loading(), r.rangeWeight()));
    }
    for (Signal s : rated) {
      if (!loadings.containsKey(s)) {
        throw new InvalidRuleSet(
            v + "/missing_signal_loading/" + line + "/" + s,
            "rated signal " + s + " has no loading for when it is missing");
      }
    }
    return Collections.unmodifiableMap(loadings);
  }

  private static Map<Signal, BigDecimal> defaults(
      RawRuleBook raw, String v, String line, Set<Signal> rated) {
    Map<Signal, BigDecimal> profile = new EnumMap<>(Signal.class);
    for (var r : raw.defaults()) {
      if (!r.version().equals(v) || !r.line().equals(line)) {
        continue;
      }
      String rule = v + "/default_profile/" + line + "/" + r.signal();
      Signal s = parse(Signal.class, rule, "signal", r.signal());
      if (r.value() == null) {
        throw new InvalidRuleSet(rule, "default value is null");
      }
      profile.put(s, r.value());
    }
    if (profile.isEmpty()) {
      throw new InvalidRuleSet(
          v + "/default_profile/" + line, "no default profile for line '" + line + "'");
    }
    for (Signal s : rated) {
      if (!profile.containsKey(s)) {
        throw new InvalidRuleSet(
            v + "/default_profile/" + line + "/" + s,
            "the default profile of line '" + line + "' lacks the rated signal " + s);
      }
    }
    return Collections.unmodifiableMap(profile);
  }

  private static <R> void requireKnownLines(
      String v,
      String table,
      Map<String, LineRules> lines,
      List<R> rows,
      Function<R, String> version,
      Function<R, String> line) {
    Set<String> strays =
        rows.stream()
            .filter(r -> version.apply(r).equals(v) && !lines.containsKey(line.apply(r)))
            .map(line)
            .collect(Collectors.toCollection(HashSet::new));
    if (!strays.isEmpty()) {
      String stray = strays.stream().sorted().findFirst().orElseThrow();
      throw new InvalidRuleSet(
          v + "/" + table + "/" + stray, "rules for line '" + stray + "', which has no base_rate");
    }
  }

  static <E extends Enum<E>> E parse(Class<E> type, String rule, String what, String name) {
    try {
      return Enum.valueOf(type, name);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new InvalidRuleSet(rule, "unknown " + what + " '" + name + "'");
    }
  }
}
