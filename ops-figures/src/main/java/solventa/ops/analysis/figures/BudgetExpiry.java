package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import solventa.gatling.RequestRecord;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;
import solventa.vocabulary.ProviderState;

/**
 * C's budget expiry in one walk step of arm C or C' (the standard stack's target, "p99 of (answer
 * time − budget − rating) ≤ 5 ms in the degraded step"): how late the answers the budget ended
 * came, past the budget and the rating cost.
 *
 * <p>Which answers: the request log does not say why an answer fell back, so the rule reads its
 * latency. An answer whose budget ended is priced after the budget, and pricing waits the rating
 * cost, so it cannot reach the generator sooner than budget + rating cost after it was sent; an
 * answer under an open breaker falls back at once (it takes about the rating cost), and one whose
 * call failed before the budget ran out comes sooner than budget + rating cost too. So: <b>the
 * fallback answers (STALE or DEFAULT) at least budget + rating cost long</b>, sent from the
 * provider's change to the step's end (the walk's expiries come before the breaker opens, mostly in
 * the warm-up slice the window discards). Latency is the generator's (the node keeps no per-origin
 * histogram), so the figure includes the loopback HTTP hop: an upper bound of the node's own
 * lateness.
 *
 * @param step the step's id
 * @param arm C or C'
 * @param state the provider state of the step
 * @param fallbacks fallback answers sent from the change to the step's end (null when the step's
 *     result predates recording them)
 * @param sooner those of them that came sooner than budget + rating cost (not budget expiries)
 * @param late answer latency − budget − rating cost of the others, ms
 * @param atOnce the reference beside it: answer latency − rating cost of the fallback answers
 *     shorter than the budget (decided at once, under an open breaker or on a call that failed
 *     fast), the same pricing and HTTP path without the wait; empty when there were none
 * @param withinTarget whether {@code late}'s p99 is at most {@link #TARGET_MS}; null when missing
 * @param missing why {@code late} is empty, or null
 */
public record BudgetExpiry(
    String step,
    BenchArm arm,
    ProviderState state,
    Long fallbacks,
    Long sooner,
    Latency late,
    Latency atOnce,
    Boolean withinTarget,
    String missing) {

  /** The must-show's target: p99 of the lateness at most this, ms. */
  public static final double TARGET_MS = 5.0;

  /** The arms with a budget. */
  public static final List<BenchArm> ARMS = BenchArm.fallingBack();

  /** The walk's states in which the provider fails, so that a budget can run out. */
  public static final List<ProviderState> STATES =
      List.of(
          ProviderState.SLOW,
          ProviderState.DEGRADED,
          ProviderState.UNRESPONSIVE,
          ProviderState.DOWN);

  /**
   * What a step records for this figure ({@link StepResult#fallbackLatenciesMs()}): the generator's
   * latency of every fallback answer sent from the change to the step's end, in a walk step of a
   * failing state; empty otherwise.
   */
  static List<Long> latencies(StepAnalyzer.Inputs in) {
    if (in.spec().kind() != StepKind.WALK || !STATES.contains(in.spec().state())) {
      return List.of();
    }
    return in.requests().stream()
        .filter(r -> r.sendMs() >= in.changeMs() && r.sendMs() < in.endMs())
        .filter(RequestRecord::fallback)
        .map(RequestRecord::latencyMs)
        .toList();
  }

  /** Arms C's and C''s failing walk steps of {@code run}, arm by arm in the walk's order. */
  public static List<BudgetExpiry> of(StepResults r, String run, BudgetSettings settings) {
    List<BudgetExpiry> out = new ArrayList<>();
    for (BenchArm arm : ARMS) {
      for (ProviderState st : STATES) {
        Optional<StepResult> s = r.walk(run, arm, st);
        s.map(x -> of(x, settings)).ifPresent(out::add);
      }
    }
    return out;
  }

  /** The figure of step {@code s}, with the budget and rating cost of {@code settings}. */
  public static BudgetExpiry of(StepResult s, BudgetSettings settings) {
    List<Long> fb = s.fallbackLatenciesMs();
    String id = s.spec().id();
    BenchArm arm = s.spec().arm();
    ProviderState st = s.spec().state();
    if (fb == null) {
      return missing(
          s,
          null,
          null,
          "the step's result predates the recorded fallback latencies: re-analyse its raw"
              + " recording (bin/lab report)");
    }
    if (!settings.known()) {
      return missing(
          s, (long) fb.size(), null, "budget or rating cost unknown: " + settings.source());
    }
    long floor = settings.budgetMs() + settings.ratingCostMs();
    List<Long> late = new ArrayList<>();
    List<Long> atOnce = new ArrayList<>();
    for (long ms : fb) {
      if (ms >= floor) {
        late.add(ms - floor);
      } else if (ms < settings.budgetMs()) {
        atOnce.add(ms - settings.ratingCostMs());
      }
    }
    long sooner = fb.size() - late.size();
    if (late.isEmpty()) {
      return missing(
          s,
          (long) fb.size(),
          sooner,
          Latency.of(atOnce),
          fb.isEmpty()
              ? "no fallback answer in the step"
              : "no budget expiry: none of "
                  + fb.size()
                  + " fallback answers took ≥ "
                  + floor
                  + " ms");
    }
    Latency l = Latency.of(late);
    return new BudgetExpiry(
        id, arm, st, (long) fb.size(), sooner, l, Latency.of(atOnce), l.p99() <= TARGET_MS, null);
  }

  private static BudgetExpiry missing(StepResult s, Long fallbacks, Long sooner, String why) {
    return missing(s, fallbacks, sooner, Latency.EMPTY, why);
  }

  private static BudgetExpiry missing(
      StepResult s, Long fallbacks, Long sooner, Latency atOnce, String why) {
    return new BudgetExpiry(
        s.spec().id(),
        s.spec().arm(),
        s.spec().state(),
        fallbacks,
        sooner,
        Latency.EMPTY,
        atOnce,
        null,
        why);
  }
}
