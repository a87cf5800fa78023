package solventa.rating.internal;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import solventa.rating.model.InvalidRuleSet;
import solventa.signals.Signal;

/**
 * Validates the default profiles per risk segment of one line ({@code segment_default_profile}) and
 * builds them. Pure: no I/O.
 *
 * <p>The segments are the object rule's own bands or categories, so the table must match that rule
 * exactly: a segment without a profile would leave some DEFAULT quotes nothing to price on, and a
 * profile for a segment the rule does not have (a band since re-cut, a label mistyped) would never
 * price at all, which hides the mistake. Each profile covers every rated signal, as the line's
 * default profile does, so a DEFAULT quote never pays a missing-signal loading.
 */
final class SegmentDefaults {
  static final String TABLE = "segment_default_profile";

  private SegmentDefaults() {}

  /** The segment defaults of {@code line} in version {@code v}, keyed by segment. */
  static Map<String, Map<Signal, BigDecimal>> of(
      RawRuleBook raw, String v, LineRules line, Set<Signal> rated) {
    String code = line.code();
    List<String> segments = line.objectRule().segments();
    Map<String, Map<Signal, BigDecimal>> bySegment = new LinkedHashMap<>();
    for (String segment : segments) {
      bySegment.put(segment, new EnumMap<>(Signal.class));
    }
    for (var r : raw.segmentDefaults()) {
      if (!r.version().equals(v) || !r.line().equals(code)) {
        continue;
      }
      String rule = v + "/" + TABLE + "/" + code + "/" + r.segment();
      Map<Signal, BigDecimal> profile = bySegment.get(r.segment());
      if (profile == null) {
        throw new InvalidRuleSet(
            rule,
            "no segment '"
                + r.segment()
                + "' in the "
                + line.objectRule().field()
                + " rule of line '"
                + code
                + "'; its segments: "
                + segments);
      }
      Signal s =
          RuleBookAssembler.parse(Signal.class, rule + "/" + r.signal(), "signal", r.signal());
      if (r.value() == null) {
        throw new InvalidRuleSet(rule + "/" + s, "default value is null");
      }
      profile.put(s, r.value());
    }
    Map<String, Map<Signal, BigDecimal>> checked = new LinkedHashMap<>();
    for (var e : bySegment.entrySet()) {
      String rule = v + "/" + TABLE + "/" + code + "/" + e.getKey();
      if (e.getValue().isEmpty()) {
        throw new InvalidRuleSet(
            rule,
            "no default profile for segment "
                + line.objectRule().field()
                + " "
                + e.getKey()
                + " of line '"
                + code
                + "'");
      }
      for (Signal s : rated) {
        if (!e.getValue().containsKey(s)) {
          throw new InvalidRuleSet(
              rule + "/" + s,
              "the default profile of segment "
                  + e.getKey()
                  + " of line '"
                  + code
                  + "' lacks the rated signal "
                  + s);
        }
      }
      checked.put(e.getKey(), Collections.unmodifiableMap(e.getValue()));
    }
    return Collections.unmodifiableMap(checked);
  }
}
