package solventa.ops.compare;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.StateNames;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.ProviderState;

/**
 * What makes two folders' steps the same step, so a comparison pairs them: the design (the step's
 * arm label: A, B, C, C', C+CR…), the provider state, the run (R1, R2…), the step's kind, and what
 * sets a step apart from others of its kind in the same run: the hit-rate level of a sweep or an
 * outage step (the level it was seeded at, h90; the seeded share recorded differs slightly with the
 * seed), the breaker setting and arrival rate of a policy or break-point step, and the card reading
 * of a step measured under another one. Steps that agree on all of these (a policy setting's
 * trials) pair in the order they ran. The load and durations are not part of the key: they are what
 * a change between two runs may have changed.
 *
 * @param design the arm's label
 * @param state the provider state
 * @param run the run's label
 * @param kind the step's kind
 * @param setting the kind's own setting ("h96", "count-n2 at 10 req/s"), empty for none
 * @param occurrence 1 for the first step with this key in its folder, 2 for the next…
 */
public record StepKey(
    String design, ProviderState state, String run, StepKind kind, String setting, int occurrence) {

  /** The key of {@code s}, the {@code occurrence}-th of its kind and setting in its folder. */
  static StepKey of(StepSpec s, int occurrence) {
    return new StepKey(s.arm().label(), s.state(), s.run(), s.kind(), setting(s), occurrence);
  }

  /** The setting that sets {@code s} apart from the other steps of its kind in its run. */
  static String setting(StepSpec s) {
    return switch (s.kind()) {
      case WALK -> s.reading() == null ? "" : s.reading().label();
      case SWEEP, OUTAGE -> "h" + level(s.hitRate());
      case POLICY, BREAKPOINT -> s.policy() + " at " + s.rate() + " req/s";
      case BENCH -> s.rate() + " req/s";
      case STAMPEDE -> "";
    };
  }

  /** A hit rate as a level: 0.96 → "96", 0.995 → "99.5". */
  private static String level(double hitRate) {
    return java.math.BigDecimal.valueOf(hitRate * 100)
        .setScale(2, java.math.RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  /**
   * The row compare.md shows for this key within its design's table: "healthy · R1", "degraded · R1
   * · sweep h96", "unresponsive · R1 · policy count-n2 at 10 req/s · trial 2".
   */
  public String row() {
    StringBuilder b = new StringBuilder(StateNames.label(state)).append(" · ").append(run);
    String what =
        kind == StepKind.WALK
            ? setting
            : (kind == StepKind.BREAKPOINT ? "break point" : kind.name().toLowerCase(Locale.ROOT))
                + (setting.isEmpty() ? "" : " " + setting);
    if (!what.isEmpty()) {
      b.append(" · ").append(what);
    }
    if (occurrence > 1) {
      b.append(" · trial ").append(occurrence);
    }
    return b.toString();
  }

  /** Every step of {@code steps} under its key, in the order they ran. */
  static Map<StepKey, StepResult> index(List<StepResult> steps) {
    Map<StepKey, StepResult> out = new LinkedHashMap<>();
    Map<StepKey, Integer> seen = new HashMap<>();
    for (StepResult s : steps) {
      StepKey first = of(s.spec(), 1);
      int n = seen.merge(first, 1, Integer::sum);
      out.put(of(s.spec(), n), s);
    }
    return out;
  }
}
