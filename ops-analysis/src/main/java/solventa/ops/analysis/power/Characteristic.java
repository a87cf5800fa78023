package solventa.ops.analysis.power;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A rule's operating characteristic: the probability of each outcome of one comparison, and of the
 * verdicts that combine {@link Rule#comparisons} of them, at three true values: the bound moved by
 * δ to the holding side, the bound, and the bound moved by δ to the failing side.
 *
 * @param rule the rule
 * @param points the outcome's probabilities at each true value, in that order
 */
public record Characteristic(Rule rule, List<Point> points) {

  /** The share a verdict must reach at ±δ: 80 %. */
  public static final double REQUIRED = 0.80;

  /**
   * The probabilities at one true value.
   *
   * @param truth the statistic's true value
   * @param holds one comparison holds
   * @param refutes one comparison refutes
   * @param tooClose one comparison is too close to call
   * @param allHold every one of {@link Rule#comparisons} independent comparisons holds
   * @param anyRefutes at least one of them refutes
   */
  public record Point(
      double truth,
      double holds,
      double refutes,
      double tooClose,
      double allHold,
      double anyRefutes) {}

  /** The seed every simulation starts from, so the table is the same on every run. */
  public static final long SEED = 20261207L;

  /** Simulates {@code rule} at its three true values. */
  public static Characteristic of(Rule rule) {
    double[] truths = {rule.holdingTruth(), rule.bound(), rule.refutingTruth()};
    List<Point> points = java.util.Arrays.stream(truths).mapToObj(t -> point(rule, t)).toList();
    return new Characteristic(rule, points);
  }

  private static Point point(Rule rule, double truth) {
    SplittableRandom random = new SplittableRandom(SEED ^ Double.doubleToLongBits(truth));
    int h = 0;
    int r = 0;
    int n = rule.replicates();
    for (int i = 0; i < n; i++) {
      switch (rule.simulation().once(truth, random)) {
        case HOLDS -> h++;
        case REFUTES -> r++;
        case TOO_CLOSE -> {}
      }
    }
    double ph = (double) h / n;
    double pr = (double) r / n;
    int k = rule.comparisons();
    return new Point(truth, ph, pr, 1 - ph - pr, Math.pow(ph, k), 1 - Math.pow(1 - pr, k));
  }

  /** At bound − δ (the holding side). */
  public Point holding() {
    return points.get(0);
  }

  /** At the bound. */
  public Point atBound() {
    return points.get(1);
  }

  /** At bound + δ (the failing side). */
  public Point refuting() {
    return points.get(2);
  }

  /**
   * Whether the verdicts that read the rule can go both ways at the protocol's sizes: every
   * comparison holding with at least {@link #REQUIRED} at the holding side, and a refutation with
   * at least that at the failing side.
   */
  public boolean admitted() {
    return holding().allHold() >= REQUIRED && refuting().anyRefutes() >= REQUIRED;
  }
}
