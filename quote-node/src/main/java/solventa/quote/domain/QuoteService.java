package solventa.quote.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import solventa.adapter.FailureKind;
import solventa.quote.profile.ProfileResolver;
import solventa.quote.profile.ProviderPort;
import solventa.quote.profile.Resolution;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.stats.ActuarialTrace;
import solventa.quote.stats.QuoteStats;
import solventa.quote.stats.ShedCause;
import solventa.rating.InvalidQuoteInput;
import solventa.rating.PricedQuote;
import solventa.rating.ResolvedProfile;

/**
 * :MsCotización's core: resolves the customer's profile the way the configured arm says, prices it
 * and shapes the answer. Non-blocking end to end: every wait is a stage or a scheduled timeout.
 *
 * <p>The profile comes from a {@link ProfileResolver} chosen once, when the node is wired, from the
 * arm's traits: the adapter directly (an arm without a cache), or the customer's profile entity.
 * The service passes the quote's deadline (admission + budget) and does not know which it has.
 *
 * <p>Threads: no continuation runs on a stage's default executor. Pekko's {@code ask} and the
 * adapter hand back stages whose plain {@code thenApply}/{@code thenCompose} run asynchronously on
 * the JDK common pool, and with a common-pool parallelism of 1 (2 cores) the JDK runs each such
 * stage on a new thread. The resolver completes its stage on a node thread (an entity's, or the
 * default dispatcher for the adapter's answer). The short, non-blocking steps of a quote run on the
 * node thread that completes the previous stage ({@link #SAME_THREAD}): pricing on the thread that
 * resolved, shaping the answer on rating's cost timer thread. Each avoided hop to the dispatcher is
 * a thread wake-up less per quote.
 */
public final class QuoteService {

  /** What the API answers: a quote, or the cause of its failure (the API maps it to a problem). */
  public sealed interface Result {
    record Quoted(QuoteResponse quote) implements Result {}

    record Failed(QuoteFailure failure) implements Result {}
  }

  /** Operators' log of failed quotes: specifics, customer pseudonymized, never a raw value. */
  private static final org.slf4j.Logger FAILURES =
      org.slf4j.LoggerFactory.getLogger("solventa.quote.failures");

  private final QuoteSettings settings;
  private final ProfileResolver resolver;
  private final ProviderPort provider;
  private final Pricing pricing;
  private final QuoteStats stats;
  private final ActuarialTrace trace;

  /**
   * Runs a continuation on the thread that completes the stage (or on the caller's, if the stage is
   * already complete). Only for short, non-blocking steps whose stages complete on node threads: an
   * actor's, rating's cost timer or the dispatcher. The quote path's chain is a few stages long, so
   * running them inline never nests deeply.
   */
  public static final Executor SAME_THREAD = Runnable::run;

  /**
   * @param resolver where profiles come from, chosen by the wiring from the arm's traits
   * @param provider the adapter: which customer ids it accepts (validation only)
   */
  public QuoteService(
      QuoteSettings settings,
      ProfileResolver resolver,
      ProviderPort provider,
      Pricing pricing,
      QuoteStats stats,
      ActuarialTrace trace) {
    this.settings = settings;
    this.resolver = resolver;
    this.provider = provider;
    this.pricing = pricing;
    this.stats = stats;
    this.trace = trace;
  }

  /** The node's stats (the edge counts what it sheds there). */
  public QuoteStats stats() {
    return stats;
  }

  /**
   * Validates the customer id against the provider's format (an id it refuses never reaches a
   * provider URL, an entity or a Redis key) and the insured object against the rule set; throws
   * {@code InvalidQuoteInput} naming the field.
   */
  public void validate(QuoteRequest request) {
    if (!provider.acceptsCustomerId(request.customerId())) {
      throw new InvalidQuoteInput(
          "customerId", "customerId must be of " + provider.customerIdFormat());
    }
    pricing.validate(request.input());
  }

  public CompletionStage<Result> quote(QuoteRequest request) {
    return quote(request, newQuoteId());
  }

  /**
   * Resolves, prices and shapes one quote; a failure carries {@code quoteId}, and the server log
   * keeps its specifics under the same id (customer pseudonymized, see {@link ActuarialTrace}).
   */
  public CompletionStage<Result> quote(QuoteRequest request, String quoteId) {
    long start = System.nanoTime();
    // wall clock, not the injected one: the deadline is compared with the host clock elsewhere
    long admittedAtMs = System.currentTimeMillis();
    long deadline = admittedAtMs + settings.budget().toMillis();
    return resolver
        .resolve(request.customerId(), deadline)
        // on the thread that completed the resolution: the entity's (its reply) or the dispatcher
        .thenComposeAsync(r -> priceOn(quoteId, request, r, start, admittedAtMs), SAME_THREAD)
        // a plain stage from here on: it runs where the composed stage completed (a node thread)
        .handle((r, e) -> e == null ? r : failed(quoteId, request, unwrap(e), start));
  }

  private CompletionStage<Result> priceOn(
      String quoteId, QuoteRequest request, Resolution resolution, long start, long admittedAtMs) {
    if (resolution.sacrificed()) {
      stats.sacrificed(admittedAtMs);
    }
    if (resolution instanceof Resolution.Shed s) {
      stats.shed(s.cause());
      return failedNow(QuoteFailure.Cause.OVERLOADED, s.detail(), quoteId);
    }
    if (resolution instanceof Resolution.Unavailable u && u.kind().isBusinessAnswer()) {
      stats.refused();
      if (u.kind() == FailureKind.REFUSED_ID) {
        // the API refuses such ids before resolution; this is the adapter's own guard answering
        return failedNow(
            QuoteFailure.Cause.INVALID_CUSTOMER_ID,
            "customerId must be of " + provider.customerIdFormat(),
            quoteId);
      }
      return failedNow(
          u.kind() == FailureKind.NO_CONSENT
              ? QuoteFailure.Cause.NO_CONSENT
              : QuoteFailure.Cause.UNKNOWN_CUSTOMER,
          null,
          quoteId);
    }
    if (resolution instanceof Resolution.Unavailable u) {
      stats.failed(System.nanoTime() - start);
      logUnavailable(quoteId, request, u);
      // the body names the cause only; the adapter's detail (exception, target, values) is logged
      if (u.kind() == FailureKind.BULKHEAD_REJECTED) {
        // the node's own bound on provider calls (the adapter's pool and queue) is full: a shed,
        // still an error of the service (the experiment counts it so), answered with Retry-After
        stats.shed(ShedCause.PROVIDER_BULKHEAD);
        return failedNow(
            QuoteFailure.Cause.OVERLOADED,
            "this node's calls to the Open Finance provider are at their bound; retry later",
            quoteId);
      }
      return u.kind() == FailureKind.TIMEOUT
          ? failedNow(
              QuoteFailure.Cause.PROVIDER_TIMEOUT,
              "the Open Finance provider did not answer in time",
              quoteId)
          : failedNow(
              QuoteFailure.Cause.PROVIDER_UNAVAILABLE,
              "the Open Finance provider cannot be reached now (" + u.kind() + ")",
              quoteId);
    }
    Resolution.Resolved r = (Resolution.Resolved) resolution;
    ResolvedProfile profile =
        new ResolvedProfile(r.origin(), Optional.ofNullable(r.profile()), r.ageMs());
    long pricingStart = System.nanoTime();
    return pricing
        .price(request.input(), profile)
        // on rating's cost timer thread as the delay ends: shaping the answer is short
        .thenApplyAsync(
            priced -> {
              stats.ratingCost(System.nanoTime() - pricingStart);
              return quoted(quoteId, request, r, priced, start);
            },
            SAME_THREAD);
  }

  private Result quoted(
      String quoteId, QuoteRequest request, Resolution.Resolved r, PricedQuote priced, long start) {
    List<String> missing = priced.missingSignals().stream().map(Enum::name).sorted().toList();
    QuoteResponse q =
        new QuoteResponse(
            quoteId,
            settings.arm().label(),
            request.input().lineOfBusiness(),
            priced.premium(),
            priced.currency(),
            priced.premiumLow(),
            priced.premiumHigh(),
            priced.ruleSetVersion(),
            r.origin(),
            r.ageMs(),
            missing);
    trace.record(
        quoteId, request.customerId(), r.origin(), r.ageMs(), missing, settings.arm().label());
    long took = System.nanoTime() - start;
    stats.quoted(r.origin(), took);
    if (Resolution.BUDGET.equals(r.failure())) {
      stats.budgetExpired(took);
    }
    return new Result.Quoted(q);
  }

  /**
   * The specifics of a provider failure, for the operators: quote id, pseudonymized customer, the
   * adapter's kind and detail. Fast refusals (breaker open, bulkhead full) come in floods and are
   * already counted by the adapter, so they are logged at DEBUG only.
   */
  private void logUnavailable(String quoteId, QuoteRequest request, Resolution.Unavailable u) {
    boolean refusal =
        u.kind() == FailureKind.BREAKER_OPEN || u.kind() == FailureKind.BULKHEAD_REJECTED;
    if (refusal ? FAILURES.isDebugEnabled() : FAILURES.isInfoEnabled()) {
      String customer = trace.pseudonym(request.customerId());
      if (refusal) {
        FAILURES.debug("quote {} customer={} unavailable: {}", quoteId, customer, u.kind());
      } else {
        FAILURES.info(
            "quote {} customer={} unavailable: {} ({})", quoteId, customer, u.kind(), u.detail());
      }
    }
  }

  private Result failed(String quoteId, QuoteRequest request, Throwable e, long start) {
    stats.failed(System.nanoTime() - start);
    if (e instanceof TimeoutException) {
      return new Result.Failed(
          new QuoteFailure(
              QuoteFailure.Cause.RESOLUTION_TIMEOUT,
              "no profile resolution within " + settings.resolveTimeout().toMillis() + " ms",
              quoteId));
    }
    FAILURES.warn("quote {} customer={} failed", quoteId, trace.pseudonym(request.customerId()), e);
    return new Result.Failed(
        new QuoteFailure(QuoteFailure.Cause.INTERNAL, "the quote could not be completed", quoteId));
  }

  private static CompletionStage<Result> failedNow(
      QuoteFailure.Cause cause, String detail, String quoteId) {
    return CompletableFuture.completedFuture(
        new Result.Failed(new QuoteFailure(cause, detail, quoteId)));
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** "q-" and a UUID-formatted random id: always 38 characters. */
  public static String newQuoteId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "q-" + new UUID(r.nextLong(), r.nextLong());
  }
}
