package solventa.ops.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.descriptive.Mean;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.statistics.Bootstrap;
import solventa.ops.statistics.Interval;
import solventa.ops.statistics.PairedSeries;
import solventa.ops.statistics.Percentile;

/**
 * The figures of one pair of steps and the 95 % intervals of their differences B − A.
 *
 * <p>Paired, when the two steps drew the same key sequence (the caller has checked the profile, the
 * runner's seed and the step's spec) and both kept their raw recordings: request i of A meets
 * request i of B (each step's requests in the order they were sent; the pair counts when both fell
 * in their step's window). The percentiles' difference is bootstrapped over the request pairs,
 * resampled together ({@link Bootstrap#statistics} over the pairs' indices); the shares' over the
 * window's seconds, second s of A meeting second s of B, by {@link PairedSeries}' moving blocks,
 * each second's difference weighed by its share of the window's requests so that their mean is the
 * difference of the two shares. If fewer than {@value #LINED_UP_PCT} % of the request pairs quote
 * the same customer, the key sequences do not line up and the pair is compared unpaired.
 *
 * <p>Unpaired: each side resampled on its own ({@link Bootstrap#differences}), the latencies from
 * the window's requests in the raw recordings, the shares from the counts results.json holds (an
 * answer is an error or a fallback or it is not, so the counts are the whole sample). Without a
 * recording on both sides the percentiles' difference has no interval. The recovery time's interval
 * is {@link RecoveryRedraws}' either way.
 */
final class Differences {
  /** The least share of request pairs, percent, that must quote the same customer to pair. */
  static final double LINED_UP_PCT = 90;

  private Differences() {}

  /** One side of a pair: the step's result and its raw recording (null when it kept none). */
  record Step(StepResult result, StepAnalyzer.Inputs recording) {}

  /**
   * The pair's figures.
   *
   * @param paired whether the intervals are paired
   * @param unpairedBecause why not, null when paired
   * @param figures p95, p99, errors, fallback and recovery time, in that order
   */
  record Outcome(boolean paired, String unpairedBecause, List<Difference> figures) {}

  /**
   * The figures of {@code a} against {@code b}; {@code unpairedBecause} null when the folders and
   * the steps' specs let them pair, else why not.
   */
  static Outcome of(Step a, Step b, String unpairedBecause) {
    String why = unpairedBecause;
    List<Pair> pairs = null;
    if (why == null) {
      if (a.recording() == null || b.recording() == null) {
        why = "no raw recording in " + (a.recording() == null ? "A" : "B") + " to pair requests";
      } else {
        pairs = pairs(a.recording(), b.recording());
        long same = pairs.stream().filter(Pair::sameCustomer).count();
        if (pairs.isEmpty() || 100.0 * same / pairs.size() < LINED_UP_PCT) {
          why =
              String.format(
                  Locale.ROOT,
                  "the key sequences do not line up (%d of %d request pairs quote the same"
                      + " customer)",
                  same,
                  pairs.size());
        }
      }
    }
    List<Difference> out = new ArrayList<>();
    for (Figure f : Figure.values()) {
      out.add(figure(f, a, b, why == null ? pairs : null));
    }
    return new Outcome(why == null, why, out);
  }

  /** Two requests, one of each step, that met: their latencies and whether the customer agrees. */
  record Pair(long a, long b, boolean sameCustomer) {}

  /**
   * Request i of A against request i of B, each step's requests in the order they were sent (the
   * log holds them as they completed), kept when both fell in their step's window.
   */
  static List<Pair> pairs(StepAnalyzer.Inputs a, StepAnalyzer.Inputs b) {
    List<RequestRecord> sa = sent(a);
    List<RequestRecord> sb = sent(b);
    Set<RequestRecord> wa = identities(StepAnalyzer.window(a));
    Set<RequestRecord> wb = identities(StepAnalyzer.window(b));
    List<Pair> out = new ArrayList<>();
    for (int i = 0; i < Math.min(sa.size(), sb.size()); i++) {
      RequestRecord x = sa.get(i);
      RequestRecord y = sb.get(i);
      if (wa.contains(x) && wb.contains(y)) {
        out.add(
            new Pair(
                x.latencyMs(),
                y.latencyMs(),
                String.valueOf(x.customerId()).equals(y.customerId())));
      }
    }
    return out;
  }

  private static List<RequestRecord> sent(StepAnalyzer.Inputs in) {
    List<RequestRecord> all = new ArrayList<>(in.requests());
    all.sort(Comparator.comparingLong(RequestRecord::sendMs)); // stable: ties keep the log's order
    return all;
  }

  private static Set<RequestRecord> identities(List<RequestRecord> records) {
    Set<RequestRecord> s = Collections.newSetFromMap(new IdentityHashMap<>());
    s.addAll(records);
    return s;
  }

  /** One figure of the pair; {@code pairs} null when it is compared unpaired. */
  private static Difference figure(Figure f, Step a, Step b, List<Pair> pairs) {
    StepResult ra = a.result();
    StepResult rb = b.result();
    if (!f.appliesTo(ra) || !f.appliesTo(rb)) {
      return Difference.notApplicable(f);
    }
    Double va = f.of(ra);
    Double vb = f.of(rb);
    if (va == null || vb == null) {
      List<String> why = new ArrayList<>();
      if (va == null) {
        why.add("A: " + f.whyMissing(ra));
      }
      if (vb == null) {
        why.add("B: " + f.whyMissing(rb));
      }
      return Difference.missing(f, va, vb, String.join("; ", why));
    }
    return switch (f) {
      case P95, P99 -> latency(f, a, b, va, vb, pairs);
      case ERRORS -> share(f, a, b, va, vb, pairs, r -> !r.ok());
      case FALLBACK -> share(f, a, b, va, vb, pairs, RequestRecord::fallback);
      case RECOVERY -> {
        RecoveryRedraws.Result r = RecoveryRedraws.difference(ra, rb);
        yield Difference.of(f, va, vb, r.ci(), RecoveryRedraws.METHOD, r.why());
      }
    };
  }

  private static Difference latency(
      Figure f, Step a, Step b, double va, double vb, List<Pair> pairs) {
    double q = f == Figure.P95 ? 95 : 99;
    if (pairs != null) {
      double[] indices = new double[pairs.size()];
      for (int i = 0; i < indices.length; i++) {
        indices[i] = i;
      }
      ToDoubleFunction<double[]> stat =
          idx ->
              Percentile.of(pick(idx, pairs, Pair::b), q)
                  - Percentile.of(pick(idx, pairs, Pair::a), q);
      Interval[] ci = Bootstrap.statistics(indices, List.of(stat));
      return Difference.of(
          f,
          va,
          vb,
          ci == null ? null : ci[0],
          "paired: " + pairs.size() + " request pairs resampled together",
          "no request pair fell in both windows");
    }
    if (a.recording() == null || b.recording() == null) {
      String side = a.recording() == null ? "A" : "B";
      return Difference.of(
          f,
          va,
          vb,
          null,
          null,
          "no raw recording in "
              + side
              + " (steps/<id>/): results.json keeps each side's own interval only"
              + stored(f, a.result(), "A")
              + stored(f, b.result(), "B"));
    }
    double[] la = latencies(StepAnalyzer.window(a.recording()));
    double[] lb = latencies(StepAnalyzer.window(b.recording()));
    Interval[] ci = Bootstrap.differences(la, lb, List.of(v -> Percentile.of(v, q)));
    return Difference.of(
        f,
        va,
        vb,
        ci == null ? null : ci[0],
        "unpaired: each side's " + la.length + " and " + lb.length + " requests resampled",
        "no request in a window");
  }

  private static double[] pick(
      double[] indices, List<Pair> pairs, java.util.function.ToLongFunction<Pair> side) {
    double[] out = new double[indices.length];
    for (int i = 0; i < indices.length; i++) {
      out[i] = side.applyAsLong(pairs.get((int) indices[i]));
    }
    return out;
  }

  private static double[] latencies(List<RequestRecord> window) {
    return window.stream().mapToDouble(RequestRecord::latencyMs).toArray();
  }

  /** ", A [208, 228]": a side's stored interval of the percentile, when it has one. */
  private static String stored(Figure f, StepResult s, String side) {
    if (s.intervals() == null) {
      return "";
    }
    Interval i = f == Figure.P95 ? s.intervals().p95() : s.intervals().p99();
    return i == null ? "" : ", " + side + " " + f.format(i);
  }

  private static Difference share(
      Figure f,
      Step a,
      Step b,
      double va,
      double vb,
      List<Pair> pairs,
      Predicate<RequestRecord> counts) {
    if (pairs != null) {
      double[] d = perSecond(a, b, counts);
      PairedSeries.Effect e = PairedSeries.of(List.of(d));
      return Difference.of(
          f,
          va,
          vb,
          e == null ? null : e.ci(),
          "paired: " + d.length + " seconds of the window, in moving blocks",
          "fewer than 2 seconds to pair");
    }
    double[] xa = answers(a.result(), va);
    double[] xb = answers(b.result(), vb);
    Interval[] ci = Bootstrap.differences(xa, xb, List.of(v -> 100 * Mean.of(v).getAsDouble()));
    return Difference.of(
        f,
        va,
        vb,
        ci == null ? null : ci[0],
        "unpaired: each side's " + xa.length + " and " + xb.length + " answers resampled",
        "no request in a window");
  }

  /**
   * Each second of the window (from its start) the difference of B's and A's share, each second's
   * count taken over its side's whole window: {@code 100 · S · (k_B(s) ÷ N_B − k_A(s) ÷ N_A)} over
   * S seconds, whose mean is B's share minus A's.
   */
  private static double[] perSecond(Step a, Step b, Predicate<RequestRecord> counts) {
    long[] ka = counts(a, counts);
    long[] kb = counts(b, counts);
    long na = StepAnalyzer.window(a.recording()).size();
    long nb = StepAnalyzer.window(b.recording()).size();
    if (na == 0 || nb == 0) {
      return new double[0];
    }
    int seconds = Math.max(ka.length, kb.length);
    double[] d = new double[seconds];
    for (int s = 0; s < seconds; s++) {
      double xa = s < ka.length ? (double) ka[s] / na : 0;
      double xb = s < kb.length ? (double) kb[s] / nb : 0;
      d[s] = 100.0 * seconds * (xb - xa);
    }
    return d;
  }

  /** The window's requests that {@code counts}, per second from the window's start. */
  private static long[] counts(Step s, Predicate<RequestRecord> counts) {
    StepAnalyzer.Inputs in = s.recording();
    int seconds = (int) Math.max(1, Math.ceil((in.endMs() - in.windowStartMs()) / 1000.0));
    long[] k = new long[seconds];
    for (RequestRecord r : StepAnalyzer.window(in)) {
      int sec = (int) ((r.sendMs() - in.windowStartMs()) / 1000);
      if (sec >= 0 && sec < seconds && counts.test(r)) {
        k[sec]++;
      }
    }
    return k;
  }

  /**
   * A step's answers as results.json counts them: {@code pct} of its window's requests are 1 (an
   * error, a fallback), the others 0.
   */
  private static double[] answers(StepResult s, double pct) {
    int n = (int) s.requests();
    long k = Math.round(pct * n / 100);
    double[] x = new double[n];
    for (int i = 0; i < k && i < n; i++) {
      x[i] = 1;
    }
    return x;
  }
}
