package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
  public static final double DESIGN = 0.96;

  @Override
  public List<String> rules() {
    return RuleNames.MEETS;
  }

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
      ev.undecided(new SweepFacts.NotRun());
      return ev.verdict(this);
    }
    c.lines().forEach(ev::note);
    c.unusable().forEach(ev::undecided);
    boolean anyBelow = false;
    for (SweepPoint p : c.usable()) {
      boolean below = p.hitRate() < DESIGN - 1e-9;
      if (p.tooClose()) {
        anyBelow |= below;
        ev.undecided(new SweepFacts.Judged(p, SweepFacts.Against.TOO_CLOSE));
        continue;
      }
      if (!below) {
        if (!p.holds()) {
          ev.refute(new SweepFacts.Judged(p, SweepFacts.Against.FAILS_AT_OR_ABOVE));
        }
      } else {
        anyBelow = true;
        if (p.holds()) {
          ev.refute(new SweepFacts.Judged(p, SweepFacts.Against.HOLDS_BELOW));
        } else if (!p.failsByP99()) {
          ev.refute(new SweepFacts.Judged(p, SweepFacts.Against.FAILS_NOT_BY_P99));
        }
      }
    }
    if (!anyBelow) {
      ev.undecided(new SweepFacts.NoneBelow());
    }
    limit("C", c.usable()).forEach(ev::note);
    Points b = points(in, BenchArm.B);
    if (b != null) {
      // B "already meets" at some hit rate (the card's intermediate result): its bracket, shown
      b.unusable().forEach(ev::note);
      limit("B", b.usable()).forEach(ev::note);
    }
    return ev.verdict(this);
  }

  /**
   * One arm's sweep: its usable points, highest measured rate first (bisection steps among them),
   * each judged by {@link SweepPoint} — the rule the runner's bisection uses too —, each unusable
   * step with why it cannot be judged, and one finding per usable step of C (B beside it). Null
   * when the arm's sweep was not run.
   */
  record Points(List<SweepPoint> usable, List<SweepFacts.Unusable> unusable, List<Fact> lines) {}

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
    List<SweepFacts.Unusable> unusable = new ArrayList<>();
    List<Fact> lines = new ArrayList<>();
    for (String run : runs) {
      points(in, arm, run, runs.size() > 1 ? run : null, usable, unusable, lines);
    }
    if (runs.size() > 1 && arm.equals(ProtocolPlan.PROPOSAL)) {
      lines.addAll(alreadyMeetsEveryRun(in, runs));
    }
    return new Points(SweepPoint.highestFirst(usable), unusable, lines);
  }

  /** One run's points of {@code arm}; {@code named} is the run when there are several. */
  private static void points(
      Input in,
      BenchArm arm,
      String run,
      String named,
      List<SweepPoint> usable,
      List<SweepFacts.Unusable> unusable,
      List<Fact> lines) {
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
      String who = (named == null ? "" : named + " ") + arm.label();
      SweepFacts.Unusable why = SweepFacts.Unusable.of(s, who, h);
      if (why != null) {
        unusable.add(why);
        continue;
      }
      SweepPoint p = SweepPoint.judge(s);
      usable.add(p);
      if (!arm.equals(ProtocolPlan.PROPOSAL)) {
        continue;
      }
      StepResult b = in.results().sweep(run, BenchArm.B, h).orElse(null);
      lines.add(new SweepFacts.Point(named, p, b, b == null ? null : Call.meets(b)));
    }
  }

  /**
   * "Does B already meet?" over every run, per planned rate (rules version 12): yes when B meets in
   * every run that measured it usably, no when it clearly misses in one, too close to call
   * otherwise.
   */
  private static List<Fact> alreadyMeetsEveryRun(Input in, List<String> runs) {
    List<Fact> out = new ArrayList<>();
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
          new SweepFacts.BEveryRun(
              h,
              alreadyMeets(b),
              b.stream()
                  .filter(java.util.Objects::nonNull)
                  .map(x -> new SweepFacts.RunCall(x.spec().run(), Call.meets(x)))
                  .toList()));
    }
    return out;
  }

  /**
   * Whether B meets the thresholds at one rate over every run's step there (rules version 12):
   * "yes" when it meets in every run and each step is usable, "no" when a usable step clearly
   * misses, "too close to call" otherwise (a run too close, missing or not usable).
   */
  public static SweepFacts.Standing alreadyMeets(List<StepResult> runs) {
    boolean undecided = runs.isEmpty();
    for (StepResult s : runs) {
      if (Evidence.unfit(s) != null) {
        undecided = true;
        continue;
      }
      Call c = Call.meets(s);
      if (c == Call.FAILS) {
        return SweepFacts.Standing.NO;
      }
      undecided |= c != Call.HOLDS;
    }
    return undecided ? SweepFacts.Standing.TOO_CLOSE : SweepFacts.Standing.YES;
  }

  /**
   * The minimum hit rate as far as the measured points bound it, and whether that is a
   * quantification: a closed bracket between the highest failing and the lowest holding measured
   * rate ({@link SweepPoint.Bracket}), or a hold even at 0 %, where every answer is a fallback. An
   * open bound — the arm holds at every tested rate, or fails at every one — says where the sweep
   * ended, not where the minimum is: it is reported as such and is not quantified. A closed
   * bracket's ends follow it, each with its measured rate's interval.
   */
  static List<Fact> limit(String who, List<SweepPoint> highestFirst) {
    return limitOf(who, highestFirst).lines();
  }

  /** The bound and, for a closed bracket of two measured ends, the ends. */
  record Bound(SweepFacts.Limit limit, SweepFacts.LimitEnds ends) {
    List<Fact> lines() {
      return ends == null ? List.of(limit) : List.of(limit, ends);
    }
  }

  static Bound limitOf(String who, List<SweepPoint> highestFirst) {
    if (highestFirst == null || highestFirst.isEmpty()) {
      return new Bound(new SweepFacts.Limit(who, null, null, false, 0, false), null);
    }
    SweepPoint.Bracket b = SweepPoint.Bracket.of(highestFirst);
    long bisected = highestFirst.stream().filter(p -> p.step().spec().bisection()).count();
    var limit =
        new SweepFacts.Limit(
            who, b.highestFailing(), b.lowestHolding(), b.closed(), bisected, true);
    if (b.highestFailing() == null || b.lowestHolding() == null) {
      return new Bound(limit, null);
    }
    return new Bound(
        limit,
        new SweepFacts.LimitEnds(
            who,
            b.highestFailing(),
            endInterval(highestFirst, b.highestFailing()),
            b.lowestHolding(),
            endInterval(highestFirst, b.lowestHolding()),
            highestFirst.stream()
                .filter(SweepPoint::tooClose)
                .filter(p -> p.hitRate() > b.highestFailing() && p.hitRate() < b.lowestHolding())
                .map(SweepPoint::hitRate)
                .toList()));
  }

  /** The measured rate's interval at a bracket's end. */
  private static Interval endInterval(List<SweepPoint> points, double rate) {
    return points.stream()
        .filter(p -> p.hitRate() == rate && p.step() != null)
        .findFirst()
        .map(p -> hitRateInterval(p.step()))
        .orElse(null);
  }

  /** The 95 % interval of a step's measured hit rate (CACHED of the window's answers), percent. */
  public static Interval hitRateInterval(StepResult s) {
    if (s == null || s.hitRatePct() == null || s.endToEnd().count() <= 0) {
      return null;
    }
    long n = s.endToEnd().count();
    long k = Math.max(0, Math.min(n, Math.round(s.hitRatePct() / 100 * n)));
    return ClopperPearson.of(k, n);
  }
}
