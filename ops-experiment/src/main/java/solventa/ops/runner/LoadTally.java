package solventa.ops.runner;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.Latency;
import solventa.signals.Origin;

/**
 * What the load generator saw over a span of {@code bin/lab load} (one second, or the whole run):
 * answers, their latency at the generator, errors (anything but 200, including a connection the
 * client gave up on) and the origins of the 200s. Not thread-safe: one thread adds and reads.
 */
public final class LoadTally {
  private final Histogram latency = Latency.histogram();
  private long answers;
  private long errors;
  private long cached;
  private long stale;
  private long dflt;

  public void add(RequestRecord r) {
    answers++;
    Latency.record(latency, r.latencyMs());
    if (!r.ok()) {
      errors++;
    } else if (r.is(Origin.CACHED)) {
      cached++;
    } else if (r.is(Origin.STALE)) {
      stale++;
    } else if (r.is(Origin.DEFAULT)) {
      dflt++;
    }
  }

  /** Empties the tally for the next span. */
  public void reset() {
    latency.reset();
    answers = errors = cached = stale = dflt = 0;
  }

  public long answers() {
    return answers;
  }

  public long errors() {
    return errors;
  }

  public Latency latency() {
    return Latency.of(latency);
  }

  /** The share of 200 answers priced on a fallback (STALE or DEFAULT); null with no 200. */
  public Double fallbackShare() {
    long ok = answers - errors;
    return ok == 0 ? null : (double) (stale + dflt) / ok;
  }

  /**
   * The share of 200 answers priced on a stored value still within T (CACHED); null with no 200.
   */
  public Double cachedShare() {
    long ok = answers - errors;
    return ok == 0 ? null : (double) cached / ok;
  }

  /**
   * One line of figures: answers per {@code seconds}, p50/p95/p99 in ms, errors, the cached and
   * fallback shares (STALE and DEFAULT apart) of the 200s. A figure with nothing to compute it from
   * prints as "-".
   */
  public String line(double seconds) {
    Latency l = latency();
    long ok = answers - errors;
    return String.format(
        Locale.ROOT,
        "%7.1f %6s %6s %6s %6d %7s %8s %6s %7s",
        answers / seconds,
        ms(l.p50()),
        ms(l.p95()),
        ms(l.p99()),
        errors,
        pct(cachedShare()),
        pct(fallbackShare()),
        ok == 0 ? "-" : pct((double) stale / ok),
        ok == 0 ? "-" : pct((double) dflt / ok));
  }

  /** The column names of {@link #line}, aligned with it. */
  public static String header() {
    return String.format(
        Locale.ROOT,
        "%7s %6s %6s %6s %6s %7s %8s %6s %7s",
        "req/s",
        "p50",
        "p95",
        "p99",
        "errors",
        "cached",
        "fallback",
        "STALE",
        "DEFAULT");
  }

  private static String ms(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.0f", v);
  }

  private static String pct(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
  }
}
