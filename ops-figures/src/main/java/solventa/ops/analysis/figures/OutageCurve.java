package solventa.ops.analysis.figures;

import java.util.List;
import solventa.gatling.RequestRecord;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * A failing step's answers from the provider's change on, in bins of {@value #BIN_MS} ms by send
 * time: how many were sent, how many were answered on a fallback (STALE or DEFAULT) and how many
 * CACHED. The fallback share through an outage of any length is read from it ({@link #through}), so
 * a reader's outage D, mapped to the lab, is counted over exactly its own span of the step and not
 * over whole seconds. Kept for the walk's failing states (slow, degraded, unresponsive, down); null
 * in results recorded before it was kept.
 *
 * @param binMs the width of a bin
 * @param answers requests sent in each bin
 * @param fallbacks STALE and DEFAULT answers among them
 * @param cached CACHED answers among them
 */
public record OutageCurve(
    int binMs, List<Integer> answers, List<Integer> fallbacks, List<Integer> cached) {

  /** The width of a bin: a tenth of a second. */
  public static final int BIN_MS = 100;

  /**
   * The answers sent over the first {@code ms} of the outage: whole bins, and the share of the last
   * bin the span covers, its counts taken in proportion and rounded (at {@value #BIN_MS} ms a part
   * of one bin is a few answers).
   *
   * @param answers requests sent in the span
   * @param fallbacks STALE and DEFAULT answers among them
   * @param cached CACHED answers among them
   * @param spanMs the span counted, at most the step's
   */
  public record Span(long answers, long fallbacks, long cached, double spanMs) {
    /** The fallback share, percent; null with no answer. */
    public Double fallbackPct() {
      return answers == 0 ? null : 100.0 * fallbacks / answers;
    }

    /** This span's counts added to {@code o}'s (a pool of the runs' steps). */
    public Span plus(Span o) {
      return new Span(
          answers + o.answers,
          fallbacks + o.fallbacks,
          cached + o.cached,
          Math.min(spanMs, o.spanMs));
    }
  }

  /** The step's answers over the first {@code ms} of the outage (all of it when shorter). */
  public Span through(double ms) {
    double bins = Math.max(0, Math.min(ms / binMs, answers.size()));
    int whole = (int) Math.floor(bins);
    double part = bins - whole;
    long n = 0;
    long f = 0;
    long c = 0;
    for (int i = 0; i < whole; i++) {
      n += answers.get(i);
      f += fallbacks.get(i);
      c += cached.get(i);
    }
    if (part > 0 && whole < answers.size()) {
      n += Math.round(part * answers.get(whole));
      f += Math.round(part * fallbacks.get(whole));
      c += Math.round(part * cached.get(whole));
    }
    return new Span(n, Math.min(f, n), Math.min(c, n), bins * binMs);
  }

  /** The outage's length this curve covers, ms. */
  public long lengthMs() {
    return (long) answers.size() * binMs;
  }

  /** Whether a step in {@code state} keeps its outage curve: the provider fails in it. */
  static boolean kept(ProviderState state) {
    return state == ProviderState.SLOW
        || state == ProviderState.DEGRADED
        || state == ProviderState.UNRESPONSIVE
        || state == ProviderState.DOWN;
  }

  /**
   * The curve of the requests sent from {@code changeMs} to {@code endMs}; null when the step's
   * state keeps none.
   */
  static OutageCurve of(
      ProviderState state, List<RequestRecord> requests, long changeMs, long endMs) {
    if (!kept(state) || endMs <= changeMs) {
      return null;
    }
    int n = (int) ((endMs - changeMs + BIN_MS - 1) / BIN_MS);
    int[] answers = new int[n];
    int[] fallbacks = new int[n];
    int[] cached = new int[n];
    for (RequestRecord r : requests) {
      if (r.sendMs() < changeMs || r.sendMs() >= endMs) {
        continue;
      }
      int i = (int) ((r.sendMs() - changeMs) / BIN_MS);
      answers[i]++;
      if (r.is(Origin.STALE) || r.is(Origin.DEFAULT)) {
        fallbacks[i]++;
      } else if (r.is(Origin.CACHED)) {
        cached[i]++;
      }
    }
    return new OutageCurve(BIN_MS, list(answers), list(fallbacks), list(cached));
  }

  private static List<Integer> list(int[] a) {
    return java.util.Arrays.stream(a).boxed().toList();
  }
}
