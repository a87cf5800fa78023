package solventa.ops.statistics;

import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.fitting.PolynomialCurveFitter;
import org.apache.commons.math3.fitting.WeightedObservedPoints;

/**
 * Where a share that moves with a variable crosses a ceiling: the least-squares line (Apache
 * Commons Math's weighted polynomial fit of degree 1) through every answer of some groups, each
 * answer a 0 or a 1 at its group's value of the variable (so each group weighs by its answers),
 * solved for the value at which the line reaches the ceiling. Its 95 % interval is a parametric
 * bootstrap: {@value Bootstrap#RESAMPLES} times, every group's count is drawn again from a binomial
 * at its own measured share (Apache Commons Statistics' sampler), the line fitted again and solved
 * again, and the 2.5th and 97.5th percentiles of those crossings taken ({@link Bootstrap#ends}).
 * Seeded ({@value Bootstrap#SEED}), so the same counts give the same interval.
 *
 * <p>Used for the minimum hit rate (x: the seeded hit rate of outage steps at several levels; y:
 * whether an answer of the outage's first D fell back) and for the longest outage (x: an answer's
 * time into the outage). A resample whose line is flat or slopes the wrong way has no crossing;
 * when more than 2.5 % of them have none, the interval is open on that side (null ends).
 */
public final class Crossing {
  private Crossing() {}

  /**
   * One group of answers at the same value of the variable.
   *
   * @param x the variable's value
   * @param n answers
   * @param k answers that count (fell back), at most n
   */
  public record Group(double x, long n, long k) {
    public Group {
      if (n < 0 || k < 0 || k > n) {
        throw new IllegalArgumentException("group: n=" + n + ", k=" + k + " (0 ≤ k ≤ n)");
      }
    }
  }

  /**
   * The line and its crossing.
   *
   * @param intercept the line's share (0–1) at x = 0
   * @param slope the share's change per unit of x
   * @param at where the line reaches the ceiling; null when it is flat
   * @param low the interval's lower end, null when open
   * @param high the interval's upper end, null when open
   * @param answers the answers the line was fitted to
   */
  public record Result(
      double intercept, double slope, Double at, Double low, Double high, long answers) {}

  /** The crossing of {@code ceiling} (a share, 0–1) by the line through {@code groups}. */
  public static Result of(List<Group> groups, double ceiling) {
    double[] line = fit(groups);
    Double at = solve(line, ceiling);
    double sign = Math.signum(line[1]);
    double centre = centre(groups);
    SplittableRandom random = new SplittableRandom(Bootstrap.SEED);
    double[] crossings = new double[Bootstrap.RESAMPLES];
    int below = 0;
    int above = 0;
    int m = 0;
    for (int i = 0; i < Bootstrap.RESAMPLES; i++) {
      double[] l = fit(resample(groups, random));
      Double x = Math.signum(l[1]) == sign && Math.abs(line[1]) >= FLAT ? solve(l, ceiling) : null;
      if (x == null) {
        // a resample that is flat or slopes the other way crosses nowhere near: beyond the end on
        // which the main line's values stay under the ceiling, or the other end when it lies above
        boolean under = l[0] + l[1] * centre <= ceiling;
        if (under == (sign < 0)) {
          below++;
        } else {
          above++;
        }
        continue;
      }
      crossings[m++] = x;
    }
    long n = groups.stream().mapToLong(Group::n).sum();
    if (m == 0) {
      return new Result(line[0], line[1], at, null, null, n);
    }
    double[] found = java.util.Arrays.copyOf(crossings, m);
    java.util.Arrays.sort(found);
    double tail = 0.025 * Bootstrap.RESAMPLES;
    Double low = below > tail ? null : Percentile.of(pad(found, below, above), 2.5);
    Double high = above > tail ? null : Percentile.of(pad(found, below, above), 97.5);
    return new Result(line[0], line[1], at, low, high, n);
  }

  /** The crossings with the resamples that never crossed put at the ends they miss on. */
  private static double[] pad(double[] found, int below, int above) {
    double[] all = new double[found.length + below + above];
    for (int i = 0; i < below; i++) {
      all[i] = Double.NEGATIVE_INFINITY;
    }
    System.arraycopy(found, 0, all, below, found.length);
    for (int i = 0; i < above; i++) {
      all[below + found.length + i] = Double.POSITIVE_INFINITY;
    }
    return all;
  }

  /** Every group's count drawn again from a binomial at its measured share. */
  private static List<Group> resample(List<Group> groups, SplittableRandom random) {
    return groups.stream()
        .map(
            g ->
                new Group(
                    g.x(),
                    g.n(),
                    g.n() == 0 ? 0 : Binomial.draw(g.n(), (double) g.k() / g.n(), random)))
        .toList();
  }

  /** The answers' mean value of the variable. */
  private static double centre(List<Group> groups) {
    double sum = 0;
    long n = 0;
    for (Group g : groups) {
      sum += g.x() * g.n();
      n += g.n();
    }
    return n == 0 ? 0 : sum / n;
  }

  /**
   * The least-squares line through every answer of the groups: {intercept, slope}. Each group's
   * share k/n at its x, weighed by its n answers (Apache Commons Math's weighted polynomial fit of
   * degree 1), is the same line as the least squares through the n answers one by one, at the cost
   * of a fit over the groups.
   */
  static double[] fit(List<Group> groups) {
    WeightedObservedPoints points = new WeightedObservedPoints();
    for (Group g : groups) {
      if (g.n() > 0) {
        points.add(g.n(), g.x(), (double) g.k() / g.n());
      }
    }
    if (points.toList().stream().mapToDouble(p -> p.getX()).distinct().count() < 2) {
      return new double[] {Double.NaN, 0};
    }
    double[] c = PolynomialCurveFitter.create(1).fit(points.toList());
    return new double[] {c[0], c[1]};
  }

  /** A slope smaller than this, in share per unit of the variable, is flat. */
  static final double FLAT = 1e-9;

  /** Where the line {intercept, slope} reaches {@code y}; null when it is flat. */
  static Double solve(double[] line, double y) {
    // a fit over equal shares leaves a slope of rounding noise: flat
    if (Math.abs(line[1]) < FLAT || !Double.isFinite(line[1]) || !Double.isFinite(line[0])) {
      return null;
    }
    return (y - line[0]) / line[1];
  }
}
