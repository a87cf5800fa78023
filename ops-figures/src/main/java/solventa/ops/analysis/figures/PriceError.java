package solventa.ops.analysis.figures;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.ops.statistics.Bootstrap;
import solventa.ops.statistics.Interval;
import solventa.ops.statistics.Percentile;
import solventa.signals.Origin;

/**
 * The price error of a DEFAULT quote in one step, per line of business, from the premiums the
 * request log recorded. A DEFAULT quote is priced on its line's default profile, one premium per
 * line in runs that sent one insured object per line (a line whose DEFAULT answers carry several
 * premiums, as when each customer sends their own object, is left out); the same line's customers
 * answered on their own profile (FRESH, CACHED or STALE: the double's profiles do not change over
 * time, so a STALE premium is the fresh one) give the premium each would have had. The error of the
 * default for a customer is (DEFAULT premium − own premium) ÷ own premium. The customers quoted on
 * a DEFAULT are drawn from the same universe as the ones answered on their own profile, so these
 * errors estimate what a DEFAULT quote's price is off by. Per line: the DEFAULT premium, the
 * DEFAULT answers, the customers compared, the mean signed error (bias) and the median and p95 of
 * the absolute error, in percent, each with its 95 % bootstrap interval over the customers compared
 * ({@link Bootstrap}). A line with no DEFAULT answer, with DEFAULT answers of more than one
 * premium, or with no customer on their own profile is left out; a request log without premiums
 * gives none (null).
 *
 * @param defaultPremium the line's DEFAULT premium
 * @param defaultAnswers the step's DEFAULT answers of the line
 * @param customers the distinct customers of the line answered on their own profile
 * @param biasPct the mean of (DEFAULT − own) ÷ own, percent
 * @param medianAbsPct the median of its absolute value, percent
 * @param p95AbsPct the 95th percentile of its absolute value, percent
 * @param biasCi the bias's 95 % interval
 * @param medianAbsCi the median absolute error's 95 % interval
 * @param p95AbsCi the p95 absolute error's 95 % interval
 */
public record PriceError(
    double defaultPremium,
    long defaultAnswers,
    int customers,
    double biasPct,
    double medianAbsPct,
    double p95AbsPct,
    Interval biasCi,
    Interval medianAbsCi,
    Interval p95AbsCi) {

  /** Each line's price error in {@code records}, by line; null when no answer carried a premium. */
  public static Map<String, PriceError> of(List<RequestRecord> records) {
    Map<String, TreeSet<Double>> defaults = new TreeMap<>();
    Map<String, Long> defaultAnswers = new TreeMap<>();
    Map<String, Map<String, Double>> own = new TreeMap<>();
    boolean anyPremium = false;
    for (RequestRecord r : records) {
      if (r.status() != 200 || r.origin() == null || r.premium() == null) {
        continue;
      }
      anyPremium = true;
      String line = KeyFeeder.lineOf(r.customerId());
      if (line == null) {
        continue;
      }
      if (r.origin() == Origin.DEFAULT) {
        defaults.computeIfAbsent(line, k -> new TreeSet<>()).add(r.premium());
        defaultAnswers.merge(line, 1L, Long::sum);
      } else {
        own.computeIfAbsent(line, k -> new LinkedHashMap<>())
            .putIfAbsent(r.customerId(), r.premium());
      }
    }
    if (!anyPremium) {
      return null;
    }
    Map<String, PriceError> out = new TreeMap<>();
    defaults.forEach(
        (line, premiums) -> {
          Map<String, Double> theirs = own.get(line);
          if (premiums.size() == 1 && theirs != null && !theirs.isEmpty()) {
            out.put(line, of(premiums.first(), defaultAnswers.get(line), theirs.values()));
          }
        });
    return out;
  }

  /**
   * The three figures of a price error, from the errors in percent: their mean (the bias), and the
   * median and the 95th percentile of their absolute values ({@link Percentile}), each with its 95
   * % bootstrap interval ({@link Bootstrap}, seeded). The population estimate and the paired one
   * ({@link PairedPriceError}) both report these.
   */
  record Figures(
      double bias,
      double medianAbs,
      double p95Abs,
      Interval biasCi,
      Interval medianAbsCi,
      Interval p95AbsCi) {

    private static final List<java.util.function.ToDoubleFunction<double[]>> STATISTICS =
        List.of(PriceError::mean, e -> Percentile.of(abs(e), 50), e -> Percentile.of(abs(e), 95));

    static Figures of(double[] errors) {
      Interval[] ci = Bootstrap.statistics(errors, STATISTICS);
      return new Figures(
          STATISTICS.get(0).applyAsDouble(errors),
          STATISTICS.get(1).applyAsDouble(errors),
          STATISTICS.get(2).applyAsDouble(errors),
          ci[0],
          ci[1],
          ci[2]);
    }
  }

  static PriceError of(double dflt, long answers, java.util.Collection<Double> ownPremiums) {
    double[] errors = ownPremiums.stream().mapToDouble(p -> 100 * (dflt - p) / p).toArray();
    Figures f = Figures.of(errors);
    return new PriceError(
        dflt,
        answers,
        errors.length,
        f.bias(),
        f.medianAbs(),
        f.p95Abs(),
        f.biasCi(),
        f.medianAbsCi(),
        f.p95AbsCi());
  }

  private static double mean(double[] v) {
    return java.util.Arrays.stream(v).average().orElseThrow();
  }

  private static double[] abs(double[] v) {
    return java.util.Arrays.stream(v).map(Math::abs).toArray();
  }
}
