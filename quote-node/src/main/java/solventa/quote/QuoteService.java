package solventa.quote;

import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import solventa.adapter.BreakerState;
import solventa.adapter.FailureKind;
import solventa.adapter.FetchResult;
import solventa.rating.PricedQuote;
import solventa.rating.ResolvedProfile;

/**
 * :MsCotización's core: resolves the customer's profile the way the configured arm says, prices it
 * and shapes the answer. Non-blocking end to end: every wait is a stage or a scheduled timeout.
 *
 * <p>Arm A calls the adapter directly (no entity, no cache). B, C and C' ask the customer's {@link
 * ProfileEntity}, passing what is left of the budget; the edge bounds that ask with {@code
 * quote.resolve-timeout}.
 */
public final class QuoteService {

  /** What the API answers: a quote or a problem. */
  public sealed interface Result {
    record Quoted(QuoteResponse quote) implements Result {}

    record Failed(Problem problem) implements Result {}
  }

  private final ActorSystem<?> system;
  private final QuoteSettings settings;
  private final ProviderPort provider;
  private final Pricing pricing;
  private final QuoteStats stats;
  private final ActuarialTrace trace;
  private final Clock clock;

  public QuoteService(
      ActorSystem<?> system,
      QuoteSettings settings,
      ProviderPort provider,
      Pricing pricing,
      QuoteStats stats,
      ActuarialTrace trace,
      Clock clock) {
    this.system = system;
    this.settings = settings;
    this.provider = provider;
    this.pricing = pricing;
    this.stats = stats;
    this.trace = trace;
    this.clock = clock;
  }

  /** Validates the insured object against the rule set; throws {@code InvalidQuoteInput}. */
  public void validate(QuoteRequest request) {
    pricing.validate(request.input());
  }

  public CompletionStage<Result> quote(QuoteRequest request) {
    long start = System.nanoTime();
    String quoteId = newQuoteId();
    // wall clock, not the injected one: the deadline is compared with the host clock elsewhere
    long admittedAtMs = System.currentTimeMillis();
    long deadline = admittedAtMs + settings.budget().toMillis();
    CompletionStage<Resolution> resolution =
        settings.arm().usesCache() ? viaEntity(request.customerId(), deadline) : direct(request);
    return resolution
        .thenCompose(r -> priceOn(quoteId, request, r, start, admittedAtMs))
        .exceptionally(e -> failed(unwrap(e), start));
  }

  // Arm A: every quote calls the adapter and waits for its answer (its 700 ms hard timeout).
  private CompletionStage<Resolution> direct(QuoteRequest request) {
    stats.fetchStarted();
    BreakerState atAdmission = provider.breakerState();
    return provider
        .fetch(request.customerId())
        .toCompletableFuture()
        .orTimeout(settings.resolveTimeout().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
        .thenApply(r -> directResolution(r, atAdmission));
  }

  private Resolution directResolution(FetchResult result, BreakerState atAdmission) {
    if (result instanceof FetchResult.Fetched f) {
      return Resolution.Resolved.fresh(f.profile(), clock.instant(), "local");
    }
    FetchResult.Failed failed = (FetchResult.Failed) result;
    boolean sacrificed = Resolution.isSacrifice(failed.kind(), atAdmission);
    return new Resolution.Unavailable(failed.kind(), failed.detail(), sacrificed, "local");
  }

  private CompletionStage<Resolution> viaEntity(String customerId, long deadline) {
    return ClusterSharding.get(system)
        .entityRefFor(ProfileEntity.ENTITY_KEY, customerId)
        .ask(replyTo -> new ProfileEntity.Resolve(deadline, replyTo), settings.resolveTimeout());
  }

  private CompletionStage<Result> priceOn(
      String quoteId, QuoteRequest request, Resolution resolution, long start, long admittedAtMs) {
    if (resolution.sacrificed()) {
      stats.sacrificed(admittedAtMs);
    }
    if (resolution instanceof Resolution.Unavailable u) {
      stats.failed(System.nanoTime() - start);
      String detail =
          "profile of "
              + request.customerId()
              + " unavailable: "
              + u.kind()
              + " ("
              + u.detail()
              + ")";
      Problem p =
          u.kind() == FailureKind.TIMEOUT
              ? Problem.providerTimeout(detail)
              : Problem.providerUnavailable(detail);
      return CompletableFuture.completedFuture(new Result.Failed(p));
    }
    Resolution.Resolved r = (Resolution.Resolved) resolution;
    ResolvedProfile profile = new ResolvedProfile(r.origin(), r.decodedProfile(), r.ageMs());
    return pricing
        .price(request.input(), profile)
        .thenApply(priced -> quoted(quoteId, request, r, priced, start));
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
    stats.quoted(r.origin(), System.nanoTime() - start);
    return new Result.Quoted(q);
  }

  private Result failed(Throwable e, long start) {
    stats.failed(System.nanoTime() - start);
    if (e instanceof TimeoutException) {
      return new Result.Failed(
          Problem.resolutionTimeout(
              "no profile resolution within " + settings.resolveTimeout().toMillis() + " ms"));
    }
    system.log().warn("quote failed", e);
    return new Result.Failed(Problem.internal("the quote could not be completed"));
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** "q-" and a UUID-formatted random id: always 38 characters. */
  static String newQuoteId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "q-" + new UUID(r.nextLong(), r.nextLong());
  }
}
