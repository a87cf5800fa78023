package solventa.ops.analysis.figures;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One second of a step, from its start: what the generator saw (requests sent in that second, their
 * p95/p99 and fallback share) and what the sampler read from the node (breaker state at the end of
 * the second, provider calls made in the second, the most adapter calls in flight among the
 * second's readings). {@code customers} is how many distinct customers were requested in the
 * second; {@code nodeP99} the node's own p99 over the interval that ended in it. {@code stalePct}
 * and {@code defaultPct} split the fallback share; {@code ageP50Ms} and {@code ageP95Ms} are the
 * age of the data the second's answers were priced with (null in results written before they were
 * recorded, or when no answer carried an age). {@code needing} is how many distinct customers of
 * the second had an answer that was not CACHED: the customers that needed a provider call (rules
 * version 6; null in results written before). {@code duplicates} is how many provider calls the
 * adapter was asked for in the second for a customer whose earlier call was still pending
 * (HD-01.8's stampede and control, rules version 7; null in results recorded before, or when no
 * reading fell in the second). {@code staleAgesMs} are the ages of the second's STALE answers, so a
 * reader's oldest acceptable age splits them (rules version 9; null in results written before, or
 * in a second with no STALE answer). {@code errorPct} is the share of the second's answers that
 * were not a quote (an error status or no answer), so a chart draws errors as errors, not as their
 * latency (null in results written before, or in a second without requests).
 */
public record TimelinePoint(
    int second,
    int requests,
    Double p95,
    Double p99,
    Double fallbackShare,
    String breaker,
    Long providerCalls,
    Integer inFlight,
    Integer customers,
    Double nodeP99,
    Double stalePct,
    Double defaultPct,
    Double ageP50Ms,
    Double ageP95Ms,
    Integer needing,
    Long duplicates,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Long> staleAgesMs,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double errorPct) {

  /** A second without its error share (results recorded before it was kept, and tests). */
  public TimelinePoint(
      int second,
      int requests,
      Double p95,
      Double p99,
      Double fallbackShare,
      String breaker,
      Long providerCalls,
      Integer inFlight,
      Integer customers,
      Double nodeP99,
      Double stalePct,
      Double defaultPct,
      Double ageP50Ms,
      Double ageP95Ms,
      Integer needing,
      Long duplicates,
      List<Long> staleAgesMs) {
    this(
        second,
        requests,
        p95,
        p99,
        fallbackShare,
        breaker,
        providerCalls,
        inFlight,
        customers,
        nodeP99,
        stalePct,
        defaultPct,
        ageP50Ms,
        ageP95Ms,
        needing,
        duplicates,
        staleAgesMs,
        null);
  }

  /** A second without STALE ages (results recorded before they were kept, and tests). */
  public TimelinePoint(
      int second,
      int requests,
      Double p95,
      Double p99,
      Double fallbackShare,
      String breaker,
      Long providerCalls,
      Integer inFlight,
      Integer customers,
      Double nodeP99,
      Double stalePct,
      Double defaultPct,
      Double ageP50Ms,
      Double ageP95Ms,
      Integer needing,
      Long duplicates) {
    this(
        second,
        requests,
        p95,
        p99,
        fallbackShare,
        breaker,
        providerCalls,
        inFlight,
        customers,
        nodeP99,
        stalePct,
        defaultPct,
        ageP50Ms,
        ageP95Ms,
        needing,
        duplicates,
        null);
  }
}
