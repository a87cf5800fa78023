package solventa.ops.analysis.power;

import java.util.SplittableRandom;

/**
 * One verdict rule as its operating characteristic simulates it: a comparison of a statistic with
 * its bound, at the sample sizes the protocol gives it, decided by the analysis's own estimator.
 *
 * @param id a short name ("p95")
 * @param bound the threshold the statistic is compared with
 * @param margin δ, the practical margin the rule is sized for, in the statistic's unit
 * @param unit the statistic's unit ("ms", "%", "s")
 * @param holdsBelow whether the rule holds below its bound (p95 ≤ 225 ms) or above it (a difference
 *     of medians > 0)
 * @param comparisons how many such comparisons the verdicts that read it combine at the protocol's
 *     sizes (every run's step, every state): all must hold for "holds", one clear failure refutes
 * @param sizes the sample sizes simulated, as the protocol gives them ("5 000 answers a step")
 * @param replicates the simulated experiments per true value
 * @param simulation one simulated comparison at a true value
 * @param exact whether the comparison has no sampling error (an exact count or a stamped time): its
 *     characteristic is a step at the bound, shown without simulation
 */
public record Rule(
    String id,
    double bound,
    double margin,
    String unit,
    boolean holdsBelow,
    int comparisons,
    String sizes,
    int replicates,
    Simulation simulation,
    boolean exact) {

  /** One simulated comparison's outcome. */
  public enum Outcome {
    HOLDS,
    REFUTES,
    TOO_CLOSE
  }

  /** One comparison simulated at a true value of the statistic. */
  @FunctionalInterface
  public interface Simulation {
    Outcome once(double truth, SplittableRandom random);
  }

  /** The true value at which the rule should hold: the bound moved by δ to its holding side. */
  public double holdingTruth() {
    return holdsBelow ? bound - margin : bound + margin;
  }

  /** The true value at which the rule should refute: the bound moved by δ to its failing side. */
  public double refutingTruth() {
    return holdsBelow ? bound + margin : bound - margin;
  }
}
