package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.MinimumHitRate;
import solventa.ops.analysis.hypotheses.SweepFacts;
import solventa.ops.analysis.hypotheses.SweepPoint;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.Acceptance;

/**
 * The words of HD-01.4's findings: each point of C's sweep with B beside it, what contradicts the
 * rule, B over every run, and each arm's minimum hit rate as far as its points bound it.
 */
final class SweepWords {
  private SweepWords() {}

  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof SweepFacts.NotRun) {
      return "the hit-rate sweep was not run";
    }
    if (fact instanceof SweepFacts.Unusable u) {
      return unusable(u) + ": not usable for the minimum hit rate";
    }
    if (fact instanceof SweepFacts.Point p) {
      return point(p);
    }
    if (fact instanceof SweepFacts.BEveryRun b) {
      return everyRun(b);
    }
    if (fact instanceof SweepFacts.Judged j) {
      return judged(j);
    }
    if (fact instanceof SweepFacts.NoneBelow) {
      return "no usable sweep step measured a hit rate below 96 %";
    }
    if (fact instanceof SweepFacts.Limit l) {
      return limit(l);
    }
    if (fact instanceof SweepFacts.LimitEnds e) {
      return ends(e);
    }
    return null;
  }

  /** Why a sweep step cannot be judged. */
  static String unusable(SweepFacts.Unusable u) {
    String what = u.who() + " at hit rate " + SweepPoint.pctTarget(u.target());
    if (u.unfit() == null) {
      return what + " has no measured hit rate (" + u.noHitRate() + ")";
    }
    return Evidence.unusable(what, u.unfit(), u.invalidations(), u.answers());
  }

  /** The rate a point was measured at, and its target: "95.8 % measured (target 96 %)". */
  private static String at(SweepPoint p) {
    return SweepPoint.pctRate(p.hitRate())
        + " measured (target "
        + SweepPoint.pctTarget(p.target())
        + ")";
  }

  private static String why(SweepPoint p) {
    return p.holds() ? "" : " (misses " + Acceptance.describe() + ")";
  }

  private static String judged(SweepFacts.Judged j) {
    SweepPoint p = j.p();
    String at = at(p);
    return switch (j.what()) {
      case TOO_CLOSE -> Call.undecided("C at " + at, Call.Check.meets(p.step()));
      case FAILS_AT_OR_ABOVE -> "C fails at " + at + ", which is ≥ 96 %" + why(p);
      case HOLDS_BELOW -> "C still holds at " + at + ", below 96 %";
      case FAILS_NOT_BY_P99 ->
          "at "
              + at
              + " C fails"
              + why(p)
              + " while its p99 holds: the limit comes from p95 or the errors, not p99";
    };
  }

  /** A step's p99 interval, "[63, 701]", or "[no interval]". */
  private static String p99Interval(StepResult s) {
    return s.intervals() == null || s.intervals().p99() == null
        ? "[no interval]"
        : s.intervals().p99().ms();
  }

  /** The Clopper–Pearson interval of a step's measured hit rate, "[88.10, 89.70]". */
  private static String rateInterval(Interval ci) {
    return ci == null ? "[no interval]" : ci.pct();
  }

  /**
   * Whether B meets the thresholds at a sweep rate (the card's intermediate result), by the
   * intervals: "yes", "no", or "too close to call (…)" naming the comparisons that cannot decide.
   */
  static String alreadyMeets(StepResult s, Call meets) {
    return switch (meets) {
      case HOLDS -> "yes";
      case FAILS -> "no";
      default -> Call.undecided("B", Call.Check.meets(s));
    };
  }

  private static String point(SweepFacts.Point pt) {
    SweepPoint p = pt.c();
    StepResult s = p.step();
    boolean bisection = s.spec().bisection();
    String b =
        pt.b() != null
            ? "; B p99 "
                + Evidence.ms(pt.b().endToEnd().p99())
                + " "
                + p99Interval(pt.b())
                + " (measured "
                + Evidence.pct(pt.b().hitRatePct())
                + ") → B already meets: "
                + alreadyMeets(pt.b(), pt.bMeets())
            : bisection ? "; B not measured (bisection is C only)" : "";
    return String.format(
        Locale.ROOT,
        "%shit rate %s%s (measured %s): C p95 %s %s, p99 %s %s, errors %s, fallback %s → %s%s",
        pt.run() == null ? "" : pt.run() + " ",
        SweepPoint.pctTarget(p.target()),
        bisection ? " (bisection step)" : "",
        Evidence.pct(s.hitRatePct()) + " " + rateInterval(MinimumHitRate.hitRateInterval(s)),
        Evidence.ms(s.endToEnd().p95()),
        s.intervals() == null || s.intervals().p95() == null
            ? "[no interval]"
            : s.intervals().p95().ms(),
        Evidence.ms(s.endToEnd().p99()),
        p99Interval(s),
        Evidence.pct(s.errorPct()),
        Evidence.pct(s.fallbackPct()),
        p.holds() ? "holds" : p.fails() ? "fails" + why(p) : "too close to call",
        b);
  }

  private static String everyRun(SweepFacts.BEveryRun b) {
    List<String> runs = new ArrayList<>();
    for (SweepFacts.RunCall c : b.calls()) {
      runs.add(c.run() + " " + c.call().name().toLowerCase(Locale.ROOT));
    }
    String standing =
        switch (b.standing()) {
          case YES -> "yes";
          case NO -> "no";
          case TOO_CLOSE -> "too close to call (a run too close to call or not usable)";
        };
    return "hit rate "
        + SweepPoint.pctTarget(b.target())
        + ", every run: B already meets: "
        + standing
        + " ("
        + String.join(", ", runs)
        + ")";
  }

  private static String name(String who) {
    return who.equals("C") ? "minimum hit rate" : who + "'s minimum hit rate";
  }

  /** The bound's line: not quantified, an open bound, a hold even at 0 %, or a bracket. */
  static String limit(SweepFacts.Limit l) {
    String name = name(l.who());
    if (!l.usable()) {
      return name + ": not quantified (no usable sweep step)";
    }
    String after =
        l.bisected() == 0
            ? ""
            : ", after " + l.bisected() + " bisection step" + (l.bisected() == 1 ? "" : "s");
    if (l.lowestHolding() == null) {
      return name
          + ": an open bound, not quantified ("
          + l.who()
          + " fails at every tested rate, up to "
          + SweepPoint.pctRate(l.highestFailing())
          + after
          + ")";
    }
    if (l.highestFailing() == null) {
      return l.closed()
          ? name
              + ": 0 % ("
              + l.who()
              + " holds even at "
              + SweepPoint.pctRate(l.lowestHolding())
              + " measured, where every answer is a fallback"
              + after
              + ")"
          : name
              + ": an open bound, not quantified ("
              + l.who()
              + " holds at every tested rate, down to "
              + SweepPoint.pctRate(l.lowestHolding())
              + after
              + ")";
    }
    return name
        + ": between "
        + SweepPoint.pctRate(l.highestFailing())
        + " (fails) and "
        + SweepPoint.pctRate(l.lowestHolding())
        + " (holds)"
        + after;
  }

  private static String ends(SweepFacts.LimitEnds e) {
    List<String> inside = e.tooCloseInside().stream().map(SweepPoint::pctRate).toList();
    return name(e.who())
        + "'s ends, each measured rate with its 95 % interval: "
        + SweepPoint.pctRate(e.highestFailing())
        + " "
        + rateInterval(e.failing())
        + " (fails), "
        + SweepPoint.pctRate(e.lowestHolding())
        + " "
        + rateInterval(e.holding())
        + " (holds)"
        + (inside.isEmpty()
            ? ""
            : "; too close to call at " + String.join(", ", inside) + " inside it");
  }
}
