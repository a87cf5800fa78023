package solventa.ops.analysis.power;

import java.util.List;

/**
 * A rule's operating characteristic as data ({@code results.json}'s {@code
 * operatingCharacteristics}, the report's table): the rule, its margin and sizes, and the
 * probability of each outcome at bound − δ, the bound and bound + δ.
 *
 * @param rule the rule's name ("p95")
 * @param bound its threshold
 * @param margin δ
 * @param unit the statistic's unit
 * @param holdsBelow whether it holds below its bound
 * @param comparisons the comparisons its verdicts combine
 * @param sizes the sample sizes simulated
 * @param replicates simulated experiments per true value
 * @param points the probabilities at the three true values
 * @param admitted whether its verdicts reach 80 % both ways at these sizes
 */
public record OcRow(
    String rule,
    double bound,
    double margin,
    String unit,
    boolean holdsBelow,
    int comparisons,
    String sizes,
    int replicates,
    List<Characteristic.Point> points,
    boolean admitted) {

  /** The row of {@code c}. */
  public static OcRow of(Characteristic c) {
    Rule r = c.rule();
    return new OcRow(
        r.id(),
        r.bound(),
        r.margin(),
        r.unit(),
        r.holdsBelow(),
        r.comparisons(),
        r.sizes(),
        r.replicates(),
        c.points(),
        c.admitted());
  }

  /**
   * Each rule's row at {@code p}'s sizes, judged with {@code a}: simulated once per profile and
   * inputs in a process (the simulation is seeded, so the rows are the same every time).
   */
  public static List<OcRow> of(
      solventa.ops.protocol.ExperimentProfile p, solventa.ops.analysis.hypotheses.Actuarial a) {
    return CACHE.computeIfAbsent(
        List.of(p, a), k -> OperatingCharacteristics.of(p, a).stream().map(OcRow::of).toList());
  }

  private static final java.util.Map<List<Object>, List<OcRow>> CACHE =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The least of the two probabilities that decide admission (holding and refuting sides). */
  public double power() {
    return Math.min(points.get(0).allHold(), points.get(2).anyRefutes());
  }
}
