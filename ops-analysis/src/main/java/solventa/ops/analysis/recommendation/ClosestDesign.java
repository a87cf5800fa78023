package solventa.ops.analysis.recommendation;

import java.util.List;
import java.util.Optional;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Standing;

/**
 * When no design qualifies (rules version 14): the design that came closest (the most clauses met,
 * then the fewest missed, then the simplest). A design that meets no clause is never the closest.
 * The report words it, with what it meets and, for each clause it misses or leaves undecided, the
 * first fact of evidence and its figure.
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
}
