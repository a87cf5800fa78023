package solventa.rating.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import solventa.rating.internal.InsuredObjectSchema.Validated;
import solventa.rating.internal.LineRules.BandedField;
import solventa.rating.internal.LineRules.CategoryField;
import solventa.rating.internal.LineRules.Loading;
import solventa.rating.model.AppliedFactor;
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
 * For origin DEFAULT the signals are the line's default profile (which covers every rated signal,
 * so no loading applies) and {@code missingSignals} lists every signal: nothing was known about the
 * customer; the uncertainty is the DEFAULT origin weight.
 */
public final class Pricer {
  public static final int SCALE = 2;

  private Pricer() {}

  public static PricedQuote price(
      RuleSet rules, LineRules line, Validated object, ResolvedProfile resolved) {
    Map<Signal, BigDecimal> values;
    Set<Signal> missing;
    if (resolved.origin() == Origin.DEFAULT) {
      values = line.defaultProfile();
      missing = EnumSet.allOf(Signal.class);
    } else {
      CanonicalProfile p =
          resolved
              .profile()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "origin "
                              + resolved.origin()
                              + " needs a profile; only DEFAULT has none"));
      values = p.signals();
      missing = EnumSet.noneOf(Signal.class);
      missing.addAll(p.missing());
    }

    List<AppliedFactor> factors = new ArrayList<>();
    BigDecimal amount = object.exposure().multiply(line.exposureRate());

    if (line.objectRule() instanceof BandedField b) {
      Band band = b.bands().bandFor((BigDecimal) object.rated());
      factors.add(new AppliedFactor(b.field() + " " + band.label(), band.factor()));
    } else {
      CategoryField c = (CategoryField) line.objectRule();
      factors.add(
          new AppliedFactor(
              c.field() + " " + object.rated(), c.factors().get((String) object.rated())));
    }

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
        Collections.unmodifiableSet(missing));
  }
}
