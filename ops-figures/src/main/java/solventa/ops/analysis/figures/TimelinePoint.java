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

  /** A builder of a {@code TimelinePoint}, every component by name. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@code TimelinePoint} by name; a component left unset is null (0 or false for a
   * primitive).
   */
  public static final class Builder {
    private int second;
    private int requests;
    private Double p95;
    private Double p99;
    private Double fallbackShare;
    private String breaker;
    private Long providerCalls;
    private Integer inFlight;
    private Integer customers;
    private Double nodeP99;
    private Double stalePct;
    private Double defaultPct;
    private Double ageP50Ms;
    private Double ageP95Ms;
    private Integer needing;
    private Long duplicates;
    private List<Long> staleAgesMs;
    private Double errorPct;

    private Builder() {}

    public Builder second(int second) {
      this.second = second;
      return this;
    }

    public Builder requests(int requests) {
      this.requests = requests;
      return this;
    }

    public Builder p95(Double p95) {
      this.p95 = p95;
      return this;
    }

    public Builder p99(Double p99) {
      this.p99 = p99;
      return this;
    }

    public Builder fallbackShare(Double fallbackShare) {
      this.fallbackShare = fallbackShare;
      return this;
    }

    public Builder breaker(String breaker) {
      this.breaker = breaker;
      return this;
    }

    public Builder providerCalls(Long providerCalls) {
      this.providerCalls = providerCalls;
      return this;
    }

    public Builder inFlight(Integer inFlight) {
      this.inFlight = inFlight;
      return this;
    }

    public Builder customers(Integer customers) {
      this.customers = customers;
      return this;
    }

    public Builder nodeP99(Double nodeP99) {
      this.nodeP99 = nodeP99;
      return this;
    }

    public Builder stalePct(Double stalePct) {
      this.stalePct = stalePct;
      return this;
    }

    public Builder defaultPct(Double defaultPct) {
      this.defaultPct = defaultPct;
      return this;
    }

    public Builder ageP50Ms(Double ageP50Ms) {
      this.ageP50Ms = ageP50Ms;
      return this;
    }

    public Builder ageP95Ms(Double ageP95Ms) {
      this.ageP95Ms = ageP95Ms;
      return this;
    }

    public Builder needing(Integer needing) {
      this.needing = needing;
      return this;
    }

    public Builder duplicates(Long duplicates) {
      this.duplicates = duplicates;
      return this;
    }

    public Builder staleAgesMs(List<Long> staleAgesMs) {
      this.staleAgesMs = staleAgesMs;
      return this;
    }

    public Builder errorPct(Double errorPct) {
      this.errorPct = errorPct;
      return this;
    }

    public TimelinePoint build() {
      return new TimelinePoint(
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
          errorPct);
    }
  }
}
