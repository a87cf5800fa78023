package solventa.rating.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import solventa.rating.internal.InsuredObjectSchema.Validated;
import solventa.rating.internal.LineRules.Loading;
import solventa.rating.internal.LineRules.ObjectRule;
import solventa.rating.model.AppliedFactor;
import solventa.rating.model.DefaultProfileMode;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.signals.Signal;

/**
 * The pricing formula (docs/rating.md): a pure, deterministic function. All arithmetic is exact
 * {@link BigDecimal} multiplication; only the three amounts are rounded, half-up to scale 2.
 *
 * <pre>
 * premium = max(minimumPremium, exposure × exposureRate × objectFactor
 *                                × Π signalFactor(present rated signals)
 *                                × Π (1 + loading(missing rated signals)))
 * w       = min(maxUncertainty, originWeight(origin) + Σ rangeWeight(missing rated signals))
 * range   = [premium × (1 − w), premium × (1 + w)]
 * </pre>
 *
 * For origin DEFAULT the signals are a default profile (which covers every rated signal, so no
 * loading applies) and {@code missingSignals} lists every signal: nothing was known about the
 * customer; the uncertainty is the DEFAULT origin weight. Which default depends on the {@link
 * DefaultProfileMode}: the line's one profile, or that of the insured object's segment (the band or
 * category its object factor uses). The result names the default it used.
 */
public final class Pricer {
  public static final int SCALE = 2;

  private Pricer() {}

  /** The signals a quote prices on, what the customer's profile lacked, and which default. */
  private record Signals(
      Map<Signal, BigDecimal> values, Set<Signal> missing, Optional<String> defaultProfile) {}

  public static PricedQuote price(
      RuleSet rules,
      LineRules line,
      Validated object,
      ResolvedProfile resolved,
      DefaultProfileMode mode) {
    Signals signals = signals(line, object, resolved, mode);
    Map<Signal, BigDecimal> values = signals.values();
    ObjectRule rule = line.objectRule();
    List<AppliedFactor> factors = new ArrayList<>();
    factors.add(
        new AppliedFactor(
            rule.field() + " " + rule.segment(object.rated()), rule.factor(object.rated())));
    BigDecimal amount = object.exposure().multiply(line.exposureRate());
    BigDecimal width = rules.originWeight(resolved.origin());
    for (var e : line.signalBands().entrySet()) {
      BigDecimal value = values.get(e.getKey());
      if (value != null) {
        Band band = e.getValue().bandFor(value);
        factors.add(new AppliedFactor(e.getKey() + " " + band.label(), band.factor()));
      }
    }
    for (Signal s : line.signalBands().keySet()) {
      if (!values.containsKey(s)) {
        Loading l = line.missingLoadings().get(s);
        factors.add(new AppliedFactor("missing " + s, BigDecimal.ONE.add(l.loading())));
        width = width.add(l.rangeWeight());
      }
    }
    for (AppliedFactor f : factors) {
      amount = amount.multiply(f.value());
    }
    BigDecimal premium = amount.max(line.minimumPremium()).setScale(SCALE, RoundingMode.HALF_UP);
    width = width.min(rules.maxUncertainty());
    return new PricedQuote(
        premium,
        premium.multiply(BigDecimal.ONE.subtract(width)).setScale(SCALE, RoundingMode.HALF_UP),
        premium.multiply(BigDecimal.ONE.add(width)).setScale(SCALE, RoundingMode.HALF_UP),
        line.currency(),
        rules.version(),
        List.copyOf(factors),
        Collections.unmodifiableSet(signals.missing()),
        signals.defaultProfile());
  }

  private static Signals signals(
      LineRules line, Validated object, ResolvedProfile resolved, DefaultProfileMode mode) {
    if (resolved.origin() == Origin.DEFAULT) {
      Set<Signal> all = EnumSet.allOf(Signal.class);
      if (mode == DefaultProfileMode.SEGMENT) {
        ObjectRule rule = line.objectRule();
        String segment = rule.segment(object.rated());
        // Present for every segment: the assembler refuses a segment rule set without it.
        return new Signals(
            line.segmentDefaults().get(segment),
            all,
            Optional.of("segment " + rule.field() + " " + segment));
      }
      return new Signals(line.defaultProfile(), all, Optional.of("line " + line.code()));
    }
    CanonicalProfile p =
        resolved
            .profile()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "origin " + resolved.origin() + " needs a profile; only DEFAULT has none"));
    Set<Signal> missing = EnumSet.noneOf(Signal.class);
    missing.addAll(p.missing());
    return new Signals(p.signals(), missing, Optional.empty());
  }
}
