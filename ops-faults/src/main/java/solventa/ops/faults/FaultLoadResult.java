package solventa.ops.faults;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What the load saw.
 *
 * @param phases the schedule (an open-ended load's one phase at its bound)
 * @param startMs the first planned arrival (epoch ms)
 * @param endMs the end (epoch ms): the schedule's, or the stop's
 * @param sent every quote answered or failed, by planned time
 * @param unansweredPerPhase per phase, quotes still without an answer when the wait ended
 */
public record FaultLoadResult(
    List<FaultLoad.Phase> phases,
    long startMs,
    long endMs,
    List<FaultLoad.Sent> sent,
    long[] unansweredPerPhase) {

  /** One phase at {@code rate} from {@code startMs} to {@code endMs} (a fixture or a merge). */
  public static FaultLoadResult of(
      int rate, long startMs, long endMs, List<FaultLoad.Sent> sent, long unanswered) {
    return new FaultLoadResult(
        List.of(new FaultLoad.Phase(rate, Math.max(0, endMs - startMs))),
        startMs,
        endMs,
        sent,
        new long[] {unanswered});
  }

  /** The first phase's rate, req/s. */
  public int rate() {
    return phases.get(0).rate();
  }

  /** Quotes never answered, over every phase. */
  public long unanswered() {
    long u = 0;
    for (long x : unansweredPerPhase) {
      u += x;
    }
    return u;
  }

  /** Quotes of phase {@code i} never answered. */
  public long unansweredIn(int i) {
    return unansweredPerPhase[i];
  }

  /** When phase {@code i} was planned to start (epoch ms). */
  public long phaseStartMs(int i) {
    long t = startMs;
    for (int p = 0; p < i; p++) {
      t += phases.get(p).lengthMs();
    }
    return Math.min(t, endMs);
  }

  /** When phase {@code i} ended: its planned end, or the stop (epoch ms). */
  public long phaseEndMs(int i) {
    return Math.min(phaseStartMs(i) + phases.get(i).lengthMs(), endMs);
  }

  /** The quotes of phase {@code i} that were answered or failed. */
  public List<FaultLoad.Sent> of(int i) {
    return sent.stream().filter(s -> s.phase() == i).toList();
  }

  /** Quotes sent. */
  public long requests() {
    return sent.size() + unanswered();
  }

  /** Answers other than 200 (a connection failure counts as status 0), and the unanswered. */
  public long errors() {
    return count(s -> s.status() != 200) + unanswered();
  }

  /** Answers matching {@code p}. */
  public long count(Predicate<FaultLoad.Sent> p) {
    return sent.stream().filter(p).count();
  }

  /** The achieved arrival rate over the load's length, req/s. */
  public double achievedRate() {
    double sec = Math.max(0.001, (endMs - startMs) / 1000.0);
    return requests() / sec;
  }

  /** The largest delay between an arrival's planned and actual send time, ms. */
  public long maxLagMs() {
    return sent.stream().mapToLong(s -> s.sentMs() - s.plannedMs()).max().orElse(0);
  }

  /** Error answers by status, e.g. {503=12, 0=3}. */
  public Map<Integer, Long> errorsByStatus() {
    Map<Integer, Long> by = new TreeMap<>();
    sent.stream().filter(s -> s.status() != 200).forEach(s -> by.merge(s.status(), 1L, Long::sum));
    return by;
  }

  /** Successful answers by origin. */
  public Map<String, Long> origins() {
    Map<String, Long> by = new TreeMap<>();
    sent.stream().filter(s -> s.status() == 200).forEach(s -> by.merge(s.origin(), 1L, Long::sum));
    return by;
  }

  /** From {@code faultEndMs} to the last error answer that came after it, s; 0 when none did. */
  public double recoverSec(long faultEndMs) {
    long last =
        sent.stream()
            .filter(s -> s.status() != 200)
            .mapToLong(FaultLoad.Sent::answeredMs)
            .filter(t -> t > faultEndMs)
            .max()
            .orElse(faultEndMs);
    return (last - faultEndMs) / 1000.0;
  }

  /**
   * The {@code q}-quantile (0..1, nearest rank) of the latencies of the answers sent in {@code
   * [fromMs, toMs)}, ms; 0 when none was.
   */
  public long latencyQuantile(double q, long fromMs, long toMs) {
    long[] ms =
        sent.stream()
            .filter(s -> s.sentMs() >= fromMs && s.sentMs() < toMs)
            .mapToLong(FaultLoad.Sent::latencyMs)
            .sorted()
            .toArray();
    if (ms.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(q * ms.length);
    return ms[Math.max(0, Math.min(ms.length - 1, rank - 1))];
  }

  /** The error share, %. */
  public double errorPct() {
    return requests() == 0 ? 0 : 100.0 * errors() / requests();
  }

  /** One line: sent, achieved rate, lag, errors by status, answers by origin. */
  public String summary() {
    return String.format(
        java.util.Locale.ROOT,
        "%d quotes at %d req/s (achieved %.1f, lag max %d ms), %d errors (%.2f %%%s)%s, answers %s",
        requests(),
        rate(),
        achievedRate(),
        maxLagMs(),
        errors(),
        errorPct(),
        errorsByStatus().isEmpty() ? "" : ", by status " + errorsByStatus(),
        unanswered() == 0 ? "" : ", " + unanswered() + " unanswered",
        origins());
  }
}
