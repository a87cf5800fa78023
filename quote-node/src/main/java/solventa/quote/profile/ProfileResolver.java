package solventa.quote.profile;

import java.util.concurrent.CompletionStage;

/**
 * Where a quote gets its customer's profile: the port between :MsCotización's domain and what
 * stands behind it. The node picks one implementation at start-up, from its arm's traits, and the
 * domain never asks which: {@link DirectResolver} for an arm without a cache (every quote calls the
 * adapter and waits), {@link ShardedResolver} for an arm with one (every quote asks its customer's
 * {@link ProfileEntity}).
 *
 * <p>A resolution's stage completes on a thread the node owns (an entity's, the dispatcher), never
 * the JDK common pool, so the caller may continue on the completing thread. It completes
 * exceptionally only with a {@link java.util.concurrent.TimeoutException} (nothing answered within
 * {@code quote.resolve-timeout}) or an unexpected error; every answer, including a provider's
 * failure or a shed, is a {@link Resolution}.
 */
public interface ProfileResolver {

  /**
   * Resolves one quote's profile.
   *
   * @param customerId an id the provider accepts (the API has checked it)
   * @param partnerId the quoting partner: a call for a customer the node holds no value for draws
   *     from its budget ({@link PartnerBudget})
   * @param deadlineEpochMs when the quote's budget ends, in host wall-clock milliseconds: an arm
   *     that falls back answers by then; one that does not may wait past it
   */
  CompletionStage<Resolution> resolve(String customerId, String partnerId, long deadlineEpochMs);
}
