package solventa.quote.profile;

import java.time.Duration;
import java.util.SplittableRandom;
import solventa.quote.settings.RefreshSettings;

/**
 * One entity's pacing of its background refreshes, on the entity's own thread: whether a refresh of
 * a value it can still serve may call the provider now (the node's {@link RefreshAdmission}, and
 * the jittered wait of a customer it deferred), and whether a cached answer starts an early refresh
 * ({@link RefreshAhead}). No timer of its own: a deferred customer simply tries again on its first
 * request after the drawn delay.
 */
final class RefreshGate {
  private final RefreshAdmission admission;
  private final long jitterMs;
  private final double beta;
  private final SplittableRandom random;

  private long retryNotBeforeMs = Long.MIN_VALUE; // a deferred customer waits until then
  private long lastCallMs = -1; // the last provider call that returned a profile; -1: none yet
  private Long aheadFetch; // the early refresh in flight; null when none

  RefreshGate(RefreshAdmission admission, String customerId) {
    RefreshSettings settings = admission.settings();
    this.admission = admission;
    this.jitterMs = settings.admissionJitter().toMillis();
    this.beta = settings.aheadBeta();
    // per entity and reproducible: the same seed and customer draw the same numbers
    this.random = new SplittableRandom(settings.aheadSeed() * 31 + customerId.hashCode());
  }

  /**
   * Whether a refresh of a value the entity can still serve may call the provider at {@code nowMs}.
   * Refused while a deferral's delay runs, or when the node's limiter has no permit; a refusal by
   * the limiter draws the next delay, uniform in [0, jitter].
   */
  boolean admitRefresh(long nowMs) {
    if (!admission.limited()) {
      return true;
    }
    if (nowMs < retryNotBeforeMs) {
      return false;
    }
    if (admission.admit()) {
      return true;
    }
    retryNotBeforeMs = nowMs + (jitterMs == 0 ? 0 : random.nextLong(jitterMs + 1));
    return false;
  }

  /**
   * Whether a request answered CACHED at {@code nowMs} from a value that expires at {@code
   * expiryMs} also starts an early refresh: refresh-ahead on, no early call in flight, a provider
   * call's duration known, the XFetch draw says so, and (when admission is limited) a permit.
   */
  boolean refreshAheadDue(long nowMs, long expiryMs) {
    if (beta == 0 || aheadFetch != null || lastCallMs < 0) {
      return false;
    }
    double rand = 1.0 - random.nextDouble(); // (0, 1]
    return RefreshAhead.due(nowMs, expiryMs, lastCallMs, beta, rand) && admission.admit();
  }

  /** The early refresh {@code fetchId} started. */
  void aheadStarted(long fetchId) {
    aheadFetch = fetchId;
  }

  /**
   * A provider call ended; {@code took} is its duration when it returned a profile (the delta of
   * the next XFetch draws), else null.
   */
  void callEnded(long fetchId, Duration took) {
    if (aheadFetch != null && aheadFetch == fetchId) {
      aheadFetch = null;
    }
    if (took != null) {
      lastCallMs = took.toMillis();
    }
  }
}
