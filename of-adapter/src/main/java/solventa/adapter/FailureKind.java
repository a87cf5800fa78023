package solventa.adapter;

/** Why a provider call did not produce a profile. */
public enum FailureKind {
  /** The call hit the adapter's hard timeout (EC-LAT-08, 700 ms). */
  TIMEOUT(true),
  /** Connection refused, reset or closed before a full response. */
  CONNECTION(true),
  /** The provider answered 5xx (other than 529). */
  HTTP_STATUS(true),
  /** The provider answered 429 or 529 (rate limited / overloaded). */
  THROTTLED(true),
  /** The body could not be read as the provider contract. */
  MALFORMED(true),
  /** The breaker was open: no call was made. */
  BREAKER_OPEN(false),
  /** The per-provider bulkhead was full: no call was made. */
  BULKHEAD_REJECTED(false);

  private final boolean breakerFailure;

  FailureKind(boolean breakerFailure) {
    this.breakerFailure = breakerFailure;
  }

  /** True when this outcome counts as a failure for the circuit breaker's opening policy. */
  public boolean countsAsBreakerFailure() {
    return breakerFailure;
  }
}
