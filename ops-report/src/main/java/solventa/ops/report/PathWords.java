package solventa.ops.report;

import java.util.Locale;
import solventa.ops.analysis.hypotheses.DegradedPathFaster;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;

/** The words of HD-01.3's findings: C's degraded path against its cold path, run by run. */
final class PathWords {
  private PathWords() {}

  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof DegradedPathFaster.NeverOpened n) {
      return "C " + n.run() + " degraded: the breaker never opened, so no degraded path";
    }
    if (fact instanceof DegradedPathFaster.Paths p) {
      String paths =
          String.format(
              Locale.ROOT,
              "C %s: degraded path p50 %s, p95 %s (n=%d) vs cold path p50 %s, p95 %s (n=%d)",
              p.run(),
              Evidence.ms(p.degraded().p50()),
              Evidence.ms(p.degraded().p95()),
              p.degradedAnswers(),
              Evidence.ms(p.cold().p50()),
              Evidence.ms(p.cold().p95()),
              p.coldAnswers());
      if (p.outcome() == DegradedPathFaster.PathOutcome.TOO_FEW) {
        return paths + "; fewer than " + DegradedPathFaster.MIN_PATH_ANSWERS + " answers on a path";
      }
      return paths
          + String.format(
              Locale.ROOT,
              "; median cold − degraded %.1f ms, 95 %% CI [%.1f, %.1f]",
              p.difference().difference(),
              p.difference().low(),
              p.difference().high())
          + switch (p.outcome()) {
            case FASTER -> " → faster";
            case SLOWER -> " → slower";
            default -> " → the interval contains 0";
          };
    }
    return null;
  }
}
