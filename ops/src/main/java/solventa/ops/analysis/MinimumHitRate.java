package solventa.ops.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.protocol.BenchArm;

/**
 * HD-01.4: C holds at hit rate ≥ 96 % and below it its p99 degrades past the thresholds. Latency
 * only, as the card writes it: C holds at a rate when it meets the thresholds ({@link SweepPoint}).
 * The fallback share is shown at every rate but judged by HD-01's clause (b) (rules version 3).
 */
public final class MinimumHitRate implements Hypothesis {
  static final double DESIGN = 0.96;

  @Override
  public String id() {
    return "HD-01.4";
  }

  @Override
  public String statement() {
    return "Arm C holds the thresholds at hit rate ≥ 96 %; below that its p99 degrades past them";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    List<SweepPoint> points = points(in, ev);
    if (points == null) {
      return ev.verdict(this);
    }
    boolean anyBelow = false;
    for (SweepPoint p : points) {
      if (p.hitRate() >= DESIGN - 1e-9) {
        if (!p.holds()) {
          ev.refute("C fails at " + pctRate(p.hitRate()) + ", which is ≥ 96 %" + why(p));
        }
      } else {
        anyBelow = true;
        if (p.holds()) {
          ev.refute("C still holds at " + pctRate(p.hitRate()) + ", below 96 %");
        } else if (!p.failsByP99()) {
          ev.refute(
              "at "
                  + pctRate(p.hitRate())
                  + " C fails"
                  + why(p)
                  + " while its p99 holds: the limit comes from p95 or the errors, not p99");
        }
      }
    }
    if (!anyBelow) {
      ev.inconclusive("no hit rate below 96 % was tested");
    }
    ev.add(limit(points).orElse("no tested hit rate: the minimum is not quantified"));
    return ev.verdict(this);
  }

  /**
   * The sweep's points, highest rate first, bisection steps among them; null (with the reason in
   * ev) if any is unusable. Each is judged by {@link SweepPoint}, the rule the runner's bisection
   * uses too.
   */
  static List<SweepPoint> points(Input in, Evidence ev) {
    List<Double> rates = in.results().sweepHitRates();
    if (rates.isEmpty()) {
      ev.inconclusive("the hit-rate sweep was not run");
      return null;
    }
    List<SweepPoint> out = new java.util.ArrayList<>();
    boolean usable = true;
    for (double h : rates) {
      StepResult s = in.results().sweep(BenchArm.C, h).orElse(null);
      String why = SweepPoint.unusable(s, h);
      if (why != null) {
        ev.inconclusive(why);
        usable = false;
        continue;
      }
      SweepPoint p = SweepPoint.judge(s);
      Optional<StepResult> b = in.results().sweep(BenchArm.B, h);
      ev.add(
          String.format(
              Locale.ROOT,
              "hit rate %s%s (measured %s): C p95 %s, p99 %s, errors %s, fallback %s → %s%s",
              pctRate(h),
              p.step().spec().bisection() ? " (bisection step)" : "",
              Evidence.pct(s.hitRatePct()),
              Evidence.ms(s.endToEnd().p95()),
              Evidence.ms(s.endToEnd().p99()),
              Evidence.pct(s.errorPct()),
              Evidence.pct(s.fallbackPct()),
              p.holds() ? "holds" : "fails" + why(p),
              b.map(x -> "; B p99 " + Evidence.ms(x.endToEnd().p99()))
                  .orElse(
                      p.step().spec().bisection()
                          ? "; B not measured (bisection is C only)"
                          : "")));
      out.add(p);
    }
    return usable ? out : null;
  }

  /**
   * The minimum hit rate, as far as the measured rates (planned and bisected) bound it: the final
   * bracket of {@link SweepPoint.Bracket}.
   */
  static Optional<String> limit(List<SweepPoint> points) {
    if (points == null || points.isEmpty()) {
      return Optional.empty();
    }
    SweepPoint.Bracket b = SweepPoint.Bracket.of(points);
    long bisected = points.stream().filter(p -> p.step().spec().bisection()).count();
    String after =
        bisected == 0 ? "" : ", after " + bisected + " bisection step" + (bisected == 1 ? "" : "s");
    if (b.lowestHolding() == null) {
      return Optional.of(
          "minimum hit rate: above "
              + pctRate(points.get(0).hitRate())
              + " (C fails at every tested rate"
              + after
              + ")");
    }
    if (b.highestFailing() == null) {
      return Optional.of(
          "minimum hit rate: at most "
              + pctRate(b.lowestHolding())
              + " (C holds at every tested rate"
              + after
              + ")");
    }
    return Optional.of(
        "minimum hit rate: between "
            + pctRate(b.highestFailing())
            + " (fails) and "
            + pctRate(b.lowestHolding())
            + " (holds)"
            + after);
  }

  private static String why(SweepPoint p) {
    return p.meets() ? "" : " (misses " + Evidence.thresholds() + ")";
  }

  static String pctRate(double h) {
    return SweepPoint.pctRate(h);
  }
}
