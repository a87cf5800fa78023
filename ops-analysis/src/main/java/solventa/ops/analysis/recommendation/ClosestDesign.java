package solventa.ops.analysis.recommendation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Clause;
import solventa.ops.analysis.recommendation.Recommendation.ClauseCall;
import solventa.ops.analysis.recommendation.Recommendation.Standing;
import solventa.vocabulary.Acceptance;

/**
 * When no design qualifies (rules version 14): the clauses no design met, then the design that came
 * closest (the most clauses met, then the fewest missed, then the simplest), with what it meets
 * and, for each clause it misses or leaves undecided, the first line of evidence and its figure. A
 * design that meets no clause is never the closest.
 */
final class ClosestDesign {
  private ClosestDesign() {}

  /** The closest of {@code candidates} (simplest first), or empty when none meets a clause. */
  static Optional<Candidate> of(List<Candidate> candidates) {
    Candidate best = null;
    for (Candidate c : candidates) {
      if (best == null
          || c.count(Standing.MET) > best.count(Standing.MET)
          || (c.count(Standing.MET) == best.count(Standing.MET)
              && c.count(Standing.MISSED) < best.count(Standing.MISSED))) {
        best = c;
      }
    }
    return best == null || best.count(Standing.MET) == 0 ? Optional.empty() : Optional.of(best);
  }

  /** The decision's words when none qualifies, without "No design is recommended: ". */
  static String sentence(List<Candidate> candidates, Actuarial a) {
    if (candidates.isEmpty()) {
      return "no design was judged";
    }
    List<String> parts = new ArrayList<>();
    List<String> noneMet = new ArrayList<>();
    for (Clause clause : Clause.values()) {
      if (candidates.stream().noneMatch(c -> c.clauses().get(clause).standing() == Standing.MET)) {
        noneMet.add(words(clause, a));
      }
    }
    parts.add(
        noneMet.isEmpty()
            ? "each clause is met by some design, none meets all three"
            : "no design is shown to meet " + String.join(", nor ", noneMet));
    Optional<Candidate> near = of(candidates);
    if (near.isEmpty()) {
      return String.join("; ", parts);
    }
    Candidate c = near.get();
    List<String> met = new ArrayList<>();
    List<String> shortOf = new ArrayList<>();
    for (Clause clause : Clause.values()) {
      ClauseCall call = c.clauses().get(clause);
      switch (call.standing()) {
        case MET -> met.add(words(clause, a));
        case MISSED -> shortOf.add("misses " + words(clause, a) + figure(c, clause, call));
        case UNDECIDED ->
            shortOf.add("leaves " + words(clause, a) + " undecided" + figure(c, clause, call));
      }
    }
    parts.add(
        "the closest, arm "
            + c.arm().label()
            + (met.isEmpty() ? "," : ", meets " + String.join(" and ", met) + " but")
            + " "
            + String.join("; it ", shortOf));
    return String.join("; ", parts);
  }

  private static String words(Clause clause, Actuarial a) {
    return switch (clause) {
      case LATENCY -> clause.words() + " (" + Acceptance.describe() + ")";
      case FALLBACK ->
          "its fallback share within "
              + Evidence.num(a.fallbackCeilingPct())
              + " % through an outage of "
              + Actuarial.num(a.outageSec())
              + " s";
      case RECOVERY -> clause.words();
    };
  }

  private static String figure(Candidate c, Clause clause, ClauseCall call) {
    String worst =
        clause == Clause.FALLBACK && c.worstFallbackPct() != null
            ? String.format(
                Locale.ROOT, "; up to %.1f %% of quotes priced on a fallback", c.worstFallbackPct())
            : "";
    return " (" + call.evidence() + worst + ")";
  }
}
