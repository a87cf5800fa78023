package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepKind;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;

/**
 * HD-01.4: C holds at hit rate ≥ 96 % and below it its p99 degrades past the thresholds. Latency
 * only, as the card writes it: C holds at a rate when it meets the thresholds ({@link SweepPoint}).
 * The fallback share is shown at every rate but judged by HD-01's clause (b) (rules version 3).
 * Since rules version 4 every rate is the step's measured hit rate, the target beside it; a sweep
 * step whose measured rate missed its target by more than 1.5 points twice is invalid and not
 * usable; the minimum hit rate is a bracket of measured rates, an open bound reported as one (and
 * not quantified, {@link Limit}); B's bracket is shown beside C's.
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

  /** True by construction: C's answers are capped below the p99 threshold. */
  @Override
  public String byConstruction(Design d) {
    return d.minimumHitRate();
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    Points c = points(in, BenchArm.C);
    if (c == null) {
      ev.inconclusive("the hit-rate sweep was not run");
      return ev.verdict(this);
    }
    c.lines().forEach(ev::add);
    c.unusable().forEach(ev::inconclusive);
    boolean anyBelow = false;
    for (SweepPoint p : c.usable()) {
      String at = pctRate(p.hitRate()) + " measured (target " + pctTarget(p.target()) + ")";
      if (p.tooClose()) {
        if (p.hitRate() < DESIGN - 1e-9) {
          anyBelow = true;
        }
        ev.inconclusive(p.undecided("C at " + at));
        continue;
      }
      if (p.hitRate() >= DESIGN - 1e-9) {
        if (!p.holds()) {
          ev.refute("C fails at " + at + ", which is ≥ 96 %" + why(p));
        }
      } else {
        anyBelow = true;
        if (p.holds()) {
          ev.refute("C still holds at " + at + ", below 96 %");
        } else if (!p.failsByP99()) {
          ev.refute(
              "at "
                  + at
                  + " C fails"
                  + why(p)
                  + " while its p99 holds: the limit comes from p95 or the errors, not p99");
        }
      }
    }
    if (!anyBelow) {
      ev.inconclusive("no usable sweep step measured a hit rate below 96 %");
    }
    limit("C", c.usable()).lines().forEach(ev::add);
    Points b = points(in, BenchArm.B);
    if (b != null) {
      // B "already meets" at some hit rate (the card's intermediate result): its bracket, shown
      b.unusable().forEach(ev::add);
      limit("B", b.usable()).lines().forEach(ev::add);
    }
    return ev.verdict(this);
  }

  /**
   * One arm's sweep: its usable points, highest measured rate first (bisection steps among them),
   * each judged by {@link SweepPoint} — the rule the runner's bisection uses too —, the reason each
   * unusable step cannot be judged, and one line per usable step. Null when the arm's sweep was not
   * run.
   */
  record Points(List<SweepPoint> usable, List<String> unusable, List<String> lines) {}

  static Points points(Input in, BenchArm arm) {
    List<StepResult> steps =
        in.results().steps().stream()
            .filter(s -> s.spec().kind() == StepKind.SWEEP && s.spec().arm() == arm)
            .toList();
    if (steps.isEmpty()) {
      return null;
    }
    // every run's sweep (rules version 12), each point judged on its own, all in one bracket
    List<String> runs = in.results().runsOf(StepKind.SWEEP);
    List<SweepPoint> usable = new ArrayList<>();
    List<String> unusable = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (String run : runs) {
      points(in, arm, run, runs.size() > 1 ? run + " " : "", usable, unusable, lines);
    }
    if (runs.size() > 1 && arm.equals(ProtocolPlan.PROPOSAL)) {
      lines.addAll(alreadyMeetsEveryRun(in, runs));
    }
    return new Points(SweepPoint.highestFirst(usable), unusable, lines);
  }

  /** One run's points of {@code arm}; {@code prefix} names the run when there are several. */
  private static void points(
      Input in,
      BenchArm arm,
      String run,
      String prefix,
      List<SweepPoint> usable,
      List<String> unusable,
      List<String> lines) {
    // the run's planned rates (any arm's) and this arm's own bisected ones
    List<Double> rates =
        in.results().steps().stream()
            .filter(s -> s.spec().kind() == StepKind.SWEEP && s.spec().run().equals(run))
            .filter(s -> !s.spec().bisection() || s.spec().arm() == arm)
            .map(s -> s.spec().hitRate())
            .distinct()
            .sorted(Comparator.reverseOrder())
            .toList();
    for (double h : rates) {
      StepResult s = in.results().sweep(run, arm, h).orElse(null);
      String why = SweepPoint.unusable(s, prefix + arm.label(), h);
      if (why != null) {
        unusable.add(why + ": not usable for the minimum hit rate");
        continue;
      }
      SweepPoint p = SweepPoint.judge(s);
      usable.add(p);
      if (!arm.equals(ProtocolPlan.PROPOSAL)) {
        continue;
      }
      Optional<StepResult> b = in.results().sweep(run, BenchArm.B, h);
      lines.add(
          String.format(
              Locale.ROOT,
              "%shit rate %s%s (measured %s): C p95 %s %s, p99 %s %s, errors %s, fallback %s → %s%s",
              prefix,
              pctTarget(h),
              p.step().spec().bisection() ? " (bisection step)" : "",
              Evidence.pct(s.hitRatePct()) + " " + rateInterval(s),
              Evidence.ms(s.endToEnd().p95()),
              s.intervals() == null || s.intervals().p95() == null
                  ? "[no interval]"
                  : s.intervals().p95().ms(),
              Evidence.ms(s.endToEnd().p99()),
              interval(s),
              Evidence.pct(s.errorPct()),
              Evidence.pct(s.fallbackPct()),
              p.holds() ? "holds" : p.fails() ? "fails" + why(p) : "too close to call",
              b.map(
                      x ->
                          "; B p99 "
                              + Evidence.ms(x.endToEnd().p99())
                              + " "
                              + interval(x)
                              + " (measured "
                              + Evidence.pct(x.hitRatePct())
                              + ") → B already meets: "
                              + alreadyMeets(x))
                  .orElse(
                      p.step().spec().bisection()
                          ? "; B not measured (bisection is C only)"
                          : "")));
    }
  }

  /**
   * "Does B already meet?" over every run, per planned rate (rules version 12): yes when B meets in
   * every run that measured it usably, no when it clearly misses in one, too close to call
   * otherwise.
   */
  private static List<String> alreadyMeetsEveryRun(Input in, List<String> runs) {
    List<String> out = new ArrayList<>();
    List<Double> rates =
        in.results().steps().stream()
            .filter(s -> s.spec().kind() == StepKind.SWEEP && !s.spec().bisection())
            .map(s -> s.spec().hitRate())
            .distinct()
            .sorted(Comparator.reverseOrder())
            .toList();
    for (double h : rates) {
      List<StepResult> b =
          runs.stream().map(r -> in.results().sweep(r, BenchArm.B, h).orElse(null)).toList();
      out.add(
          "hit rate "
              + pctTarget(h)
              + ", every run: B already meets: "
              + alreadyMeets(b)
              + " ("
              + String.join(
                  ", ",
                  b.stream()
                      .filter(java.util.Objects::nonNull)
                      .map(
                          x -> x.spec().run() + " " + Call.meets(x).name().toLowerCase(Locale.ROOT))
                      .toList())
              + ")");
    }
    return out;
  }

  /**
   * Whether B meets the thresholds at one rate over every run's step there (rules version 12):
   * "yes" when it meets in every run and each step is usable, "no" when a usable step clearly
   * misses, "too close to call" otherwise (a run too close, missing or not usable).
   */
  public static String alreadyMeets(List<StepResult> runs) {
    boolean undecided = runs.isEmpty();
    for (StepResult s : runs) {
      if (Evidence.unusable(s, "B") != null) {
        undecided = true;
        continue;
      }
      Call c = Call.meets(s);
      if (c == Call.FAILS) {
        return "no";
      }
      undecided |= c != Call.HOLDS;
    }
    return undecided ? "too close to call (a run too close to call or not usable)" : "yes";
  }

  /**
   * The minimum hit rate as far as the measured points bound it, and whether that is a
   * quantification: a closed bracket between the highest failing and the lowest holding measured
   * rate ({@link SweepPoint.Bracket}), or a hold even at 0 %, where every answer is a fallback. An
   * open bound — the arm holds at every tested rate, or fails at every one — says where the sweep
   * ended, not where the minimum is: it is reported as such and is not quantified.
   */
  record Limit(String text, boolean quantified, String intervals) {
    Limit(String text, boolean quantified) {
      this(text, quantified, null);
    }

    /** The limit's line and, for a closed bracket, its ends' intervals. */
    List<String> lines() {
      return intervals == null ? List.of(text) : List.of(text, intervals);
    }
  }

  static Limit limit(String who, List<SweepPoint> highestFirst) {
    String name = who.equals("C") ? "minimum hit rate" : who + "'s minimum hit rate";
    if (highestFirst == null || highestFirst.isEmpty()) {
      return new Limit(name + ": not quantified (no usable sweep step)", false);
    }
    SweepPoint.Bracket b = SweepPoint.Bracket.of(highestFirst);
    long bisected = highestFirst.stream().filter(p -> p.step().spec().bisection()).count();
    String after =
        bisected == 0 ? "" : ", after " + bisected + " bisection step" + (bisected == 1 ? "" : "s");
    if (b.lowestHolding() == null) {
      return new Limit(
          name
              + ": an open bound, not quantified ("
              + who
              + " fails at every tested rate, up to "
              + pctRate(b.highestFailing())
              + after
              + ")",
          false);
    }
    if (b.highestFailing() == null) {
      if (b.closed()) {
        return new Limit(
            name
                + ": 0 % ("
                + who
                + " holds even at "
                + pctRate(b.lowestHolding())
                + " measured, where every answer is a fallback"
                + after
                + ")",
            true);
      }
      return new Limit(
          name
              + ": an open bound, not quantified ("
              + who
              + " holds at every tested rate, down to "
              + pctRate(b.lowestHolding())
              + after
              + ")",
          false);
    }
    return new Limit(
        name
            + ": between "
            + pctRate(b.highestFailing())
            + " (fails) and "
            + pctRate(b.lowestHolding())
            + " (holds)"
            + after,
        true,
        name
            + "'s ends, each measured rate with its 95 % interval: "
            + pctRate(b.highestFailing())
            + " "
            + endInterval(highestFirst, b.highestFailing())
            + " (fails), "
            + pctRate(b.lowestHolding())
            + " "
            + endInterval(highestFirst, b.lowestHolding())
            + " (holds)"
            + tooCloseInside(highestFirst, b));
  }

  /** The measured rate's interval at a bracket's end. */
  private static String endInterval(List<SweepPoint> points, double rate) {
    return points.stream()
        .filter(p -> p.hitRate() == rate && p.step() != null)
        .findFirst()
        .map(p -> rateInterval(p.step()))
        .orElse("[no interval]");
  }

  /** The points too close to call between the bracket's ends: the limit may lie at them. */
  private static String tooCloseInside(List<SweepPoint> points, SweepPoint.Bracket b) {
    List<String> at =
        points.stream()
            .filter(SweepPoint::tooClose)
            .filter(p -> p.hitRate() > b.highestFailing() && p.hitRate() < b.lowestHolding())
            .map(p -> pctRate(p.hitRate()))
            .toList();
    return at.isEmpty() ? "" : "; too close to call at " + String.join(", ", at) + " inside it";
  }

  private static String why(SweepPoint p) {
    return p.meets() ? "" : " (misses " + Evidence.thresholds() + ")";
  }

  /** A step's p99 interval, "[63, 701]", or "[no interval]". */
  private static String interval(StepResult s) {
    return s.intervals() == null || s.intervals().p99() == null
        ? "[no interval]"
        : s.intervals().p99().ms();
  }

  /**
   * Whether B meets the thresholds at a sweep rate (the card's intermediate result), by the
   * intervals: "yes", "no", or "too close to call (…)" naming the comparisons that cannot decide.
   */
  public static String alreadyMeets(StepResult s) {
    return switch (Call.meets(s)) {
      case HOLDS -> "yes";
      case FAILS -> "no";
      default -> Call.undecided("B", Call.Check.meets(s));
    };
  }

  /** The Clopper–Pearson interval of a step's measured hit rate, "[88.10, 89.70]". */
  static String rateInterval(StepResult s) {
    Interval ci = hitRateInterval(s);
    return ci == null ? "[no interval]" : ci.pct();
  }

  /** The 95 % interval of a step's measured hit rate (CACHED of the window's answers), percent. */
  static Interval hitRateInterval(StepResult s) {
    if (s == null || s.hitRatePct() == null || s.endToEnd().count() <= 0) {
      return null;
    }
    long n = s.endToEnd().count();
    long k = Math.max(0, Math.min(n, Math.round(s.hitRatePct() / 100 * n)));
    return ClopperPearson.of(k, n);
  }

  static String pctRate(double h) {
    return SweepPoint.pctRate(h);
  }

  static String pctTarget(double h) {
    return SweepPoint.pctTarget(h);
  }
}
