package solventa.ops.analysis.power;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import solventa.ops.analysis.figures.StepTimeline;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Recovery;
import solventa.ops.statistics.Bootstrap;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;

/**
 * The data each rule reads, drawn at a true value, and the rule's own estimator and comparison
 * applied to it: the bootstrap percentile interval of a step's latencies ({@link
 * Bootstrap#percentiles}), the Clopper–Pearson interval of a share ({@link ClopperPearson}), clause
 * (b)'s pooled comparison ({@link ClauseB#compare}), HD-01.8's reading of a timeline ({@link
 * StepTimeline#recoverySecond}) and the bootstrap of a difference of medians ({@link
 * Bootstrap#medianDifference}), each with the analysis's comparison by the interval ({@link Call}).
 * The data's shapes are the lab's: latencies are the rating's 60 ms plus the double's healthy
 * log-normal (σ = ln(200/80)/z₉₉), scaled so the percentile judged is the true value; a share is
 * binomial at the true value (the sacrificed requests and the fallbacks of distinct customers); a
 * recovery's fallback share falls from 20 % to 1 % along a logistic curve that crosses 5 % at the
 * true time.
 */
final class Simulations {
  private Simulations() {}

  /** The rating's fixed cost, ms: every answer's floor. */
  static final double RATING_MS = 60;

  /** The double's healthy σ: ln(200/80) ÷ z₉₉. */
  static final double SIGMA = Math.log(200.0 / 80) / 2.3263478740408408;

  /** The standard normal's 0.95 and 0.99 quantiles. */
  static final double Z95 = 1.6448536269514722;

  static final double Z99 = 2.3263478740408408;

  /**
   * A step's percentile {@code q} (95 or 99) of {@code n} latencies compared with {@code bound} by
   * its bootstrap interval, the latencies drawn so their true q-th percentile is {@code truth}.
   */
  static Rule.Simulation percentile(double q, int n, double bound) {
    double z = q == 95 ? Z95 : Z99;
    return (truth, random) -> {
      double mu = Math.log(truth - RATING_MS) - z * SIGMA;
      List<Long> values = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        values.add(Math.round(RATING_MS + Math.exp(mu + SIGMA * gaussian(random))));
      }
      Interval ci = Bootstrap.percentiles(values, q)[0];
      return outcome(Call.of(ci, x -> x <= bound));
    };
  }

  /** A share of {@code n} trials compared with {@code bound} (≤, or < when strict). */
  static Rule.Simulation share(long n, double boundPct, boolean strict) {
    return (truth, random) -> {
      long k = binomial(n, truth / 100, random);
      Interval ci = ClopperPearson.of(k, n);
      return outcome(Call.of(ci, x -> strict ? x < boundPct : x <= boundPct));
    };
  }

  /** Clause (b): the fallback share through D, pooled over {@code n} answers, against c. */
  static Rule.Simulation outageShare(long n, double ceilingPct) {
    return (truth, random) -> {
      long k = binomial(n, truth / 100, random);
      return switch (ClauseB.compare(k, n, ceilingPct)) {
        case HOLDS -> Rule.Outcome.HOLDS;
        case REFUTES -> Rule.Outcome.REFUTES;
        default -> Rule.Outcome.TOO_CLOSE;
      };
    };
  }

  /**
   * HD-01.8's recovery time against 60 s: a timeline of {@code seconds} seconds at {@code rate}
   * answers a second whose fallback share crosses 5 % at the true time (seconds), read as the rule
   * reads it.
   */
  static Rule.Simulation recoveryTime(int rate, int seconds) {
    return (truth, random) -> {
      double mid = recoveryMidpoint(truth);
      List<TimelinePoint> tl = new ArrayList<>(seconds);
      for (int s = 0; s < seconds; s++) {
        long k = binomial(rate, recoveryShare(s, mid), random);
        tl.add(
            TimelinePoint.builder()
                .second(s)
                .requests(rate)
                .fallbackShare(100.0 * k / rate)
                .build());
      }
      Integer second = StepTimeline.recoverySecond(tl);
      if (second == null) {
        return seconds * 1000L >= Recovery.WITHIN_MS
            ? Rule.Outcome.REFUTES
            : Rule.Outcome.TOO_CLOSE;
      }
      Interval ci = Recovery.recoveryInterval(second * 1000L);
      return outcome(Call.of(ci, x -> x <= Recovery.WITHIN_MS));
    };
  }

  /** The expected fallback share of second {@code s} of a recovery whose fall is centred at mid. */
  static double recoveryShare(int s, double mid) {
    return 0.01 + 0.19 / (1 + Math.exp((s + 0.5 - mid) / 2));
  }

  /**
   * The centre of the fall at which the rule's own reading, the mean of the 5 s window ending at a
   * second, falls below 5 % at the end of second {@code truth}: the quantity the rule estimates (a
   * bisection over the centre).
   */
  static double recoveryMidpoint(double truth) {
    int end = (int) Math.round(truth) - 1; // the second that ends at the true time
    double lo = -100;
    double hi = truth + 100;
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      double mean = 0;
      for (int s = end - 4; s <= end; s++) {
        mean += recoveryShare(s, mid) / 5;
      }
      if (mean < 0.05) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /**
   * HD-01.3's difference of medians (cold − degraded), {@code nCold} and {@code nDegraded}
   * latencies, whose true difference is the true value; holds above 0.
   */
  static Rule.Simulation medianDifference(int nCold, int nDegraded) {
    return (truth, random) -> {
      List<Long> cold = new ArrayList<>(nCold);
      List<Long> degraded = new ArrayList<>(nDegraded);
      double mu = Math.log(80);
      for (int i = 0; i < nCold; i++) {
        cold.add(Math.round(RATING_MS + truth + Math.exp(mu + SIGMA * gaussian(random))));
      }
      for (int i = 0; i < nDegraded; i++) {
        degraded.add(Math.round(RATING_MS + Math.exp(mu + SIGMA * gaussian(random))));
      }
      Bootstrap.Difference d = Bootstrap.medianDifference(cold, degraded);
      if (d.above(0)) {
        return Rule.Outcome.HOLDS;
      }
      return d.below(0) ? Rule.Outcome.REFUTES : Rule.Outcome.TOO_CLOSE;
    };
  }

  /** An exact comparison (a count, a stamped time): no sampling error. */
  static Rule.Simulation exact(double bound, boolean holdsBelow) {
    return (truth, random) ->
        (holdsBelow ? truth <= bound : truth > bound) ? Rule.Outcome.HOLDS : Rule.Outcome.REFUTES;
  }

  private static Rule.Outcome outcome(Call c) {
    return switch (c) {
      case HOLDS -> Rule.Outcome.HOLDS;
      case FAILS -> Rule.Outcome.REFUTES;
      default -> Rule.Outcome.TOO_CLOSE;
    };
  }

  /** A binomial draw ({@link solventa.ops.statistics.Binomial}). */
  static long binomial(long n, double p, SplittableRandom random) {
    return solventa.ops.statistics.Binomial.draw(n, p, random);
  }

  /** A standard normal draw (the JDK's generator's own, a modified ziggurat). */
  static double gaussian(SplittableRandom random) {
    return random.nextGaussian();
  }
}
