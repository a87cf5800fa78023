package solventa.ops.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import solventa.ops.faults.FaultLoad.Sent;

/**
 * The overload row's arithmetic (pure): the sustainable rate from the search's steps, and a row's
 * figures from its overload phase and the recovery phase after it.
 */
final class OverloadVerdict {
  /** The accepted answers' p99 bound (the card's 475 ms budget), ms. */
  static final long ACCEPTED_P99_MS = 475;

  /** A shed answer must be fast: its p99 bound, ms. */
  static final long SHED_P99_MS = 100;

  /** The sustainable rate must be served without error again within this, s. */
  static final double RECOVER_SEC = 5;

  /** Below this share of its planned rate, or beyond {@value #MAX_LAG_MS} ms lag, it lagged. */
  static final double KEEP_UP_SHARE = 0.95;

  static final long MAX_LAG_MS = 100;

  private OverloadVerdict() {}

  /** The nearest-rank 99th percentile, ms; 0 for none. */
  static long p99(List<Long> latencies) {
    if (latencies.isEmpty()) {
      return 0;
    }
    List<Long> sorted = new ArrayList<>(latencies);
    sorted.sort(null);
    int rank = (int) Math.ceil(0.99 * sorted.size());
    return sorted.get(Math.max(0, rank - 1));
  }

  /** One step of the search: its rate and what it saw. */
  record Step(int rate, long requests, long errors, long p99Ms, double achieved, long maxLagMs) {
    static Step of(FaultLoadResult r) {
      List<Long> latencies = r.sent().stream().map(FaultLoad.Sent::latencyMs).toList();
      return new Step(
          r.rate(), r.requests(), r.errors(), p99(latencies), r.achievedRate(), r.maxLagMs());
    }

    /** Whether the generator kept up with the step's plan. */
    boolean keptUp() {
      return OverloadVerdict.keptUp(achieved, rate, maxLagMs);
    }

    boolean sustainable() {
      return requests > 0 && errors == 0 && p99Ms <= ACCEPTED_P99_MS;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%d req/s: %d errors, p99 %d ms (achieved %.0f, lag max %d ms)",
          rate,
          errors,
          p99Ms,
          achieved,
          maxLagMs);
    }
  }

  /** The highest sustainable step's rate, 0 when none is. */
  static int sustainable(List<Step> steps) {
    return steps.stream().filter(Step::sustainable).mapToInt(Step::rate).max().orElse(0);
  }

  /** Whether a phase's generator kept up with its plan. */
  static boolean keptUp(double achieved, int rate, long maxLagMs) {
    return achieved >= KEEP_UP_SHARE * rate && maxLagMs <= MAX_LAG_MS;
  }

  /**
   * A row's figures: phase 0 the overload, phase 1 the sustainable rate after it.
   *
   * @param requests quotes sent in both phases
   * @param shed 503 answers (both phases)
   * @param shedWithoutRetryAfter 503 answers without a {@code Retry-After} header
   * @param shedP99Ms the 503 answers' p99
   * @param acceptedP99Ms the overload phase's 200 answers' p99
   * @param accepted the overload phase's 200 answers
   * @param overloadRequests quotes sent in the overload phase
   * @param errors answers neither 200 nor 503 (no answer: status 0) and the unanswered
   * @param otherStatuses those answers by status
   * @param noAnswer the quotes without an answer (status 0) by the client's exception
   * @param recoverSec from the overload's end to the last non-200 answer of the recovery phase
   * @param recoveryErrors non-200 answers and unanswered of the recovery phase
   */
  record Figures(
      long requests,
      long shed,
      long shedWithoutRetryAfter,
      long shedP99Ms,
      long acceptedP99Ms,
      long accepted,
      long overloadRequests,
      long errors,
      Map<Integer, Long> otherStatuses,
      Map<String, Long> noAnswer,
      double recoverSec,
      long recoveryErrors) {

    boolean holds() {
      return shedWithoutRetryAfter == 0
          && shedP99Ms <= SHED_P99_MS
          && acceptedP99Ms <= ACCEPTED_P99_MS
          && errors == 0
          && recoverSec <= RECOVER_SEC;
    }

    double shedPct() {
      return requests == 0 ? 0 : 100.0 * shed / requests;
    }
  }

  static Figures figures(FaultLoadResult r) {
    List<Sent> all = r.sent();
    List<Long> shedLatencies = new ArrayList<>();
    List<Long> accepted = new ArrayList<>();
    long withoutRetryAfter = 0;
    Map<Integer, Long> other = new TreeMap<>();
    Map<String, Long> noAnswer = new TreeMap<>();
    for (Sent a : all) {
      if (a.status() == 0) {
        noAnswer.merge(a.error() == null ? "?" : a.error(), 1L, Long::sum);
      }
      if (a.status() == 503) {
        shedLatencies.add(a.latencyMs());
        if (a.retryAfter() == null || a.retryAfter().isBlank()) {
          withoutRetryAfter++;
        }
      } else if (a.status() == 200) {
        if (a.phase() == 0) {
          accepted.add(a.latencyMs());
        }
      } else {
        other.merge(a.status(), 1L, Long::sum);
      }
    }
    long unanswered = 0;
    unanswered += r.unanswered();
    long end = r.phaseEndMs(0);
    long last =
        r.of(1).stream()
            .filter(a -> a.status() != 200)
            .mapToLong(Sent::answeredMs)
            .max()
            .orElse(end);
    long recoveryErrors =
        r.of(1).stream().filter(a -> a.status() != 200).count() + r.unansweredIn(1);
    long otherCount = other.values().stream().mapToLong(Long::longValue).sum();
    return new Figures(
        all.size() + unanswered,
        shedLatencies.size(),
        withoutRetryAfter,
        p99(shedLatencies),
        p99(accepted),
        accepted.size(),
        r.of(0).size() + r.unansweredIn(0),
        otherCount + unanswered,
        other,
        noAnswer,
        Math.max(0, last - end) / 1000.0,
        recoveryErrors);
  }

  /** Per phase: sent, achieved rate, lag max; and whether the generator kept up with each. */
  static String generator(FaultLoadResult r) {
    List<String> each = new ArrayList<>();
    boolean lagged = false;
    for (int i = 0; i < r.phases().size(); i++) {
      FaultLoad.Phase p = r.phases().get(i);
      List<Sent> of = r.of(i);
      long sent = of.size() + r.unansweredIn(i);
      double achieved = sent / (p.lengthMs() / 1000.0);
      long lag = of.stream().mapToLong(a -> a.sentMs() - a.plannedMs()).max().orElse(0);
      boolean kept = keptUp(achieved, p.rate(), lag);
      each.add(
          String.format(
              Locale.ROOT,
              "%s %d req/s achieved %.0f (lag max %d ms)%s",
              i == 0 ? "overload" : "after",
              p.rate(),
              achieved,
              lag,
              kept ? "" : ", the generator could not keep up"));
      lagged |= !kept;
    }
    return "generator: "
        + String.join("; ", each)
        + (lagged ? " (it shares the 2 cores with the node)" : "");
  }
}
