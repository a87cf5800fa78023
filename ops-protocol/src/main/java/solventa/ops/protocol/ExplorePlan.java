package solventa.ops.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import solventa.vocabulary.ProviderState;

/**
 * The {@code explore} profile's steps: the designs the Recommendation chooses among, C's variants
 * included, walked at full's load and step lengths, with no step that judges a hypothesis rather
 * than a design.
 */
public final class ExplorePlan {
  private ExplorePlan() {}

  /**
   * The designs {@code explore} walks ({@link #exploreStates}): B (the card's intermediate result
   * asks whether it already meets), C, C's variants and C'. A misses the degraded state by
   * construction (it waits the adapter's hard timeout) and B+CB is walked by full.
   */
  public static final List<BenchArm> EXPLORED =
      List.of(
          BenchArm.B,
          BenchArm.C,
          BenchArm.C_B80,
          BenchArm.C_B160,
          BenchArm.C_RA,
          BenchArm.C_CR,
          BenchArm.C_SD,
          BenchArm.C_PRIME);

  /**
   * The states {@code explore} walks a design through: every state; a budget variant (C@80ms,
   * C@160ms) healthy and slow only, where the budget decides how many answers take the cold path
   * and how long it is (in the failing states every call outlasts any of the budgets); the default
   * per risk segment (C+SD) down only, where DEFAULT answers are the most: it changes the price of
   * a DEFAULT quote, not when one is given, so its latency and fallback share are C's and its price
   * error is what it is walked for.
   */
  public static List<ProviderState> exploreStates(BenchArm arm) {
    if (arm.settings().containsKey("quote.budget")) {
      return List.of(ProviderState.HEALTHY, ProviderState.SLOW);
    }
    if (arm.settings().containsKey(SEGMENT_DEFAULT)) {
      return List.of(ProviderState.DOWN);
    }
    return List.of(ProviderState.values());
  }

  /** The node setting that prices a DEFAULT answer on its risk segment's default profile. */
  public static final String SEGMENT_DEFAULT = "rating.default-profile";

  /**
   * Every design of {@link #EXPLORED} walked through its states ({@link #exploreStates}) in each
   * run, the second run in the reverse order (so no design always follows the same one); no sweep,
   * policy or stampede step, which judge hypotheses rather than designs.
   */
  static List<StepSpec> build(ExperimentProfile p) {
    List<StepSpec> steps = new ArrayList<>();
    for (int r = 0; r < p.runs(); r++) {
      List<BenchArm> order = new ArrayList<>(EXPLORED);
      if (r % 2 == 1) {
        Collections.reverse(order);
      }
      for (BenchArm arm : order) {
        for (ProviderState s : exploreStates(arm)) {
          steps.add(ProtocolPlan.walkStep(p, "R" + (r + 1), arm, s));
        }
        if (r == 0) {
          // the levels in the first run: with both runs' walks at the design point they bracket
          // each design's minimum hit rate within explore's hour
          ProtocolPlan.outageLevels(p, "R1", arm, exploreStates(arm), steps);
        }
      }
    }
    return steps;
  }
}
