package solventa.ops.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.gatling.Acceptance;
import solventa.ops.protocol.BenchArm;

/**
 * HD-01.4: C holds at hit rate ≥ 96 % and below it its p99 degrades past the thresholds. C holds at
 * a rate when it meets the thresholds and its fallback share is at most the actuarial ceiling.
 */
public final class MinimumHitRate implements Hypothesis {
  static final double DESIGN = 0.96;

  @Override
  public String id() {
    return "HD-01.4";
  }

  @Override
  public String statement() {
    return "Arm C holds the thresholds (with its fallback share at most the actuarial ceiling) at hit"
        + " rate ≥ 96 %; below that its p99 degrades past them";
  }

  /** One sweep step judged: holds, or why not. */
  record Point(double hitRate, StepResult step, boolean meets, boolean fallbackOk) {
    boolean holds() {
      return meets && fallbackOk;
    }

    boolean failsByP99() {
      return step.endToEnd().p99() > Acceptance.P99_MS;
    }
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    double ceiling = in.rules().fallbackCeilingPct();
    ev.add(
        String.format(
            Locale.ROOT,
            "assumption: the actuarial fallback ceiling is %.0f %% (a setting; the card leaves it to"
                + " actuaries)",
            ceiling));
    List<Point> points = points(in, ev);
    if (points == null) {
      return ev.verdict(this);
    }
    boolean anyBelow = false;
    for (Point p : points) {
      if (p.hitRate() >= DESIGN - 1e-9) {
        if (!p.holds()) {
          ev.refute("C fails at " + pctRate(p.hitRate()) + ", which is ≥ 96 %" + why(p, ceiling));
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
                  + why(p, ceiling)
                  + " while its p99 holds: the limit comes from the fallback share, not p99");
        }
      }
    }
    if (!anyBelow) {
      ev.inconclusive("no hit rate below 96 % was tested");
    }
    ev.add(limit(points).orElse("no tested hit rate: the minimum is not quantified"));
    return ev.verdict(this);
  }

  /** The sweep's points, highest rate first; null (with the reason in ev) if any is unusable. */
  static List<Point> points(Input in, Evidence ev) {
    List<Double> rates = in.results().sweepHitRates();
    if (rates.isEmpty()) {
      ev.inconclusive("the hit-rate sweep was not run");
      return null;
    }
    double ceiling = in.rules().fallbackCeilingPct();
    List<Point> out = new java.util.ArrayList<>();
    boolean usable = true;
    for (double h : rates) {
      StepResult s = in.results().sweep(BenchArm.C, h).orElse(null);
      String why = Evidence.unusable(s, "C at hit rate " + pctRate(h));
      if (why == null && s.fallbackPct() == null) {
        why = "C at hit rate " + pctRate(h) + " has no fallback share";
      }
      if (why != null) {
        ev.inconclusive(why);
        usable = false;
        continue;
      }
      Point p = new Point(h, s, s.meets(), s.fallbackPct() <= ceiling);
      Optional<StepResult> b = in.results().sweep(BenchArm.B, h);
      ev.add(
          String.format(
              Locale.ROOT,
              "hit rate %s (measured %s): C p95 %s, p99 %s, errors %s, fallback %s → %s%s",
              pctRate(h),
              Evidence.pct(s.hitRatePct()),
              Evidence.ms(s.endToEnd().p95()),
              Evidence.ms(s.endToEnd().p99()),
              Evidence.pct(s.errorPct()),
              Evidence.pct(s.fallbackPct()),
              p.holds() ? "holds" : "fails" + why(p, ceiling),
              b.map(x -> "; B p99 " + Evidence.ms(x.endToEnd().p99())).orElse("")));
      out.add(p);
    }
    return usable ? out : null;
  }

  /** The minimum hit rate, as far as the tested rates bound it. */
  static Optional<String> limit(List<Point> points) {
    if (points == null || points.isEmpty()) {
      return Optional.empty();
    }
    Double lowestHolding = null;
    Double highestFailing = null;
    for (Point p : points) { // highest rate first
      if (p.holds() && highestFailing == null) {
        lowestHolding = p.hitRate();
      } else if (!p.holds() && highestFailing == null) {
        highestFailing = p.hitRate();
      }
    }
    if (lowestHolding == null) {
      return Optional.of(
          "minimum hit rate: above "
              + pctRate(points.get(0).hitRate())
              + " (C fails at every tested rate)");
    }
    if (highestFailing == null) {
      return Optional.of(
          "minimum hit rate: at most "
              + pctRate(lowestHolding)
              + " (C holds at every tested rate)");
    }
    return Optional.of(
        "minimum hit rate: between "
            + pctRate(highestFailing)
            + " (fails) and "
            + pctRate(lowestHolding)
            + " (holds)");
  }

  private static String why(Point p, double ceiling) {
    StringBuilder sb = new StringBuilder();
    if (!p.meets()) {
      sb.append(" (misses ").append(Evidence.thresholds()).append(")");
    }
    if (!p.fallbackOk()) {
      sb.append(String.format(Locale.ROOT, " (fallback share above %.0f %%)", ceiling));
    }
    return sb.toString();
  }

  static String pctRate(double h) {
    return String.format(Locale.ROOT, "%.0f %%", h * 100);
  }
}
