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
import solventa.adapter.model.FailureKind;
import solventa.quote.profile.ProfileResolver;
import solventa.quote.profile.ProviderPort;
import solventa.quote.profile.Resolution;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.stats.ActuarialTrace;
import solventa.quote.stats.QuoteEvent;
import solventa.quote.stats.QuoteStats;
import solventa.rating.model.InvalidQuoteInput;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;

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
   * One quote on its way: its id, its request, and when it was admitted ({@code startNanos} for its
   * service time; {@code atMs}, host wall clock, for its deadline and a sacrifice's exposure
   * window).
   */
  private record Admission(String quoteId, QuoteRequest request, long startNanos, long atMs) {
    long tookNanos() {
      return System.nanoTime() - startNanos;
    }
  }

  /**
   * Resolves, prices and shapes one quote; a failure carries {@code quoteId}, and the server log
   * keeps its specifics under the same id (customer pseudonymized, see {@link ActuarialTrace}).
   * Every quote ends in exactly one {@link QuoteEvent}, recorded where its result is decided.
   */
  public CompletionStage<Result> quote(QuoteRequest request, String quoteId) {
    // wall clock, not the injected one: the deadline is compared with the host clock elsewhere
    Admission a = new Admission(quoteId, request, System.nanoTime(), System.currentTimeMillis());
    return resolver
        .resolve(request.customerId(), request.partnerId(), a.atMs() + settings.budget().toMillis())
        // on the thread that completed the resolution: the entity's (its reply) or the dispatcher
        .thenComposeAsync(r -> priceOn(a, r), SAME_THREAD)
        // a plain stage from here on: it runs where the composed stage completed (a node thread)
        .handle((r, e) -> e == null ? r : failed(a, unwrap(e), false));
  }

  private CompletionStage<Result> priceOn(Admission a, Resolution resolution) {
    if (resolution instanceof Resolution.Shed s) {
      stats.record(new QuoteEvent.Shed(s.cause()));
      return failedNow(QuoteFailure.Cause.OVERLOADED, s.detail(), a.quoteId());
    }
    if (resolution instanceof Resolution.Unavailable u) {
      return CompletableFuture.completedFuture(
          u.kind().isBusinessAnswer() ? refused(a, u) : unavailable(a, u));
    }
    if (resolution instanceof Resolution.OverBudget o) {
      // the partner's own use refused it: not an error of the service, as a business answer
      stats.record(new QuoteEvent.Refused());
      return CompletableFuture.completedFuture(
          new Result.Failed(
              new QuoteFailure(
                  QuoteFailure.Cause.PARTNER_BUDGET,
                  "this partner's budget of Open Finance provider calls for customers new to this"
                      + " node is spent; retry later",
                  a.quoteId(),
                  o.retryAfterSeconds())));
    }
    Resolution.Resolved r = (Resolution.Resolved) resolution;
    ResolvedProfile profile =
        new ResolvedProfile(r.origin(), Optional.ofNullable(r.profile()), r.ageMs());
    long pricingStart = System.nanoTime();
    return pricing
        .price(a.request().input(), profile)
        // on rating's cost timer thread as the delay ends: shaping the answer is short
        .handleAsync(
            (priced, e) ->
                e == null
                    ? quoted(a, r, priced, System.nanoTime() - pricingStart)
                    : failed(a, unwrap(e), r.sacrificed()),
            SAME_THREAD);
  }

  /** A business answer (unknown customer, no consent, an id the adapter refuses). */
  private Result refused(Admission a, Resolution.Unavailable u) {
    stats.record(new QuoteEvent.Refused());
    if (u.kind() == FailureKind.REFUSED_ID) {
      // the API refuses such ids before resolution; this is the adapter's own guard answering
      return failure(
          QuoteFailure.Cause.INVALID_CUSTOMER_ID,
          "customerId must be of " + provider.customerIdFormat(),
          a);
    }
    return failure(
        u.kind() == FailureKind.NO_CONSENT
            ? QuoteFailure.Cause.NO_CONSENT
            : QuoteFailure.Cause.UNKNOWN_CUSTOMER,
        null,
        a);
  }

  /** The provider could not give a profile and the arm does not fall back. */
  private Result unavailable(Admission a, Resolution.Unavailable u) {
    stats.record(new QuoteEvent.Failed(u.kind(), a.tookNanos(), u.sacrificed(), a.atMs()));
    logUnavailable(a, u);
    // the body names the cause only; the adapter's detail (exception, target, values) is logged
    if (u.kind() == FailureKind.BULKHEAD_REJECTED) {
      // the node's own bound on provider calls (the adapter's pool and queue) is full: a shed,
      // still an error of the service (the experiment counts it so), answered with Retry-After
      return failure(
          QuoteFailure.Cause.OVERLOADED,
          "this node's calls to the Open Finance provider are at their bound; retry later",
          a);
    }
    return u.kind() == FailureKind.TIMEOUT
        ? failure(
            QuoteFailure.Cause.PROVIDER_TIMEOUT,
            "the Open Finance provider did not answer in time",
            a)
        : failure(
            QuoteFailure.Cause.PROVIDER_UNAVAILABLE,
            "the Open Finance provider cannot be reached now (" + u.kind() + ")",
            a);
  }

  private Result quoted(Admission a, Resolution.Resolved r, PricedQuote priced, long ratingNanos) {
    List<String> missing = priced.missingSignals().stream().map(Enum::name).sorted().toList();
    QuoteResponse q =
        new QuoteResponse(
            a.quoteId(),
            settings.arm().label(),
            a.request().input().lineOfBusiness(),
            priced.premium(),
            priced.currency(),
            priced.premiumLow(),
            priced.premiumHigh(),
            priced.ruleSetVersion(),
            r.origin(),
            r.ageMs(),
            missing);
    trace.record(
        a.quoteId(),
        a.request().customerId(),
        r.origin(),
        r.ageMs(),
        missing,
        settings.arm().label());
    stats.record(
        new QuoteEvent.Quoted(
            r.origin(),
            r.ageMs(),
            a.tookNanos(),
            ratingNanos,
            Resolution.BUDGET.equals(r.failure()),
            r.sacrificed(),
            a.atMs()));
    return new Result.Quoted(q);
  }

  /**
   * The specifics of a provider failure, for the operators: quote id, pseudonymized customer, the
   * adapter's kind and detail. Fast refusals (breaker open, bulkhead full) come in floods and are
   * already counted by the adapter, so they are logged at DEBUG only.
   */
  private void logUnavailable(Admission a, Resolution.Unavailable u) {
    boolean refusal =
        u.kind() == FailureKind.BREAKER_OPEN || u.kind() == FailureKind.BULKHEAD_REJECTED;
    if (refusal ? FAILURES.isDebugEnabled() : FAILURES.isInfoEnabled()) {
      String customer = trace.pseudonym(a.request().customerId());
      if (refusal) {
        FAILURES.debug("quote {} customer={} unavailable: {}", a.quoteId(), customer, u.kind());
      } else {
        FAILURES.info(
            "quote {} customer={} unavailable: {} ({})",
            a.quoteId(),
            customer,
            u.kind(),
            u.detail());
      }
    }
  }

  /** No resolution in time, or the quote failed in the node itself. */
  private Result failed(Admission a, Throwable e, boolean sacrificed) {
    stats.record(new QuoteEvent.Failed(null, a.tookNanos(), sacrificed, a.atMs()));
    if (e instanceof TimeoutException) {
      return new Result.Failed(
          new QuoteFailure(
              QuoteFailure.Cause.RESOLUTION_TIMEOUT,
              "no profile resolution within " + settings.resolveTimeout().toMillis() + " ms",
              a.quoteId()));
    }
    FAILURES.warn(
        "quote {} customer={} failed", a.quoteId(), trace.pseudonym(a.request().customerId()), e);
    return failure(QuoteFailure.Cause.INTERNAL, "the quote could not be completed", a);
  }

  private static Result failure(QuoteFailure.Cause cause, String detail, Admission a) {
    return new Result.Failed(new QuoteFailure(cause, detail, a.quoteId()));
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
