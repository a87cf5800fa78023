package solventa.rating;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.flywaydb.core.Flyway;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.rating.internal.InsuredObjectSchema;
import solventa.rating.internal.LineRules;
import solventa.rating.internal.Pricer;
import solventa.rating.internal.RuleBook;
import solventa.rating.internal.RuleBookAssembler;
import solventa.rating.internal.RuleBookLoader;
import solventa.rating.internal.RuleSet;
import solventa.rating.model.DefaultProfileMode;
import solventa.rating.model.InvalidQuoteInput;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.Signal;
import solventa.signals.SignalRequirement;

/**
 * :MotorRating (the experiment card (Components)): prices a quote from the insured object, the
 * resolved profile and the rule set in force, and completes after a calibrated fixed cost.
 *
 * <p>Invariants:
 *
 * <ul>
 *   <li>PostgreSQL is touched only by {@link #start}/{@link #startAsync}; afterwards the rule book
 *       is immutable memory, so pricing never blocks and never fails for want of a database.
 *   <li>The rule set used is the one in force at {@code clock.instant()} when pricing starts; a
 *       loaded later version takes over by itself when its effective date comes.
 *   <li>The fixed cost is one entry in the queue of a {@link CostTimer}: by default a single shared
 *       timer thread per engine, or the host's own loop when it hands one to {@link
 *       #start(RatingSettings, Clock, CostTimer)}. No thread per pricing, no CPU while waiting.
 *       Stages complete <em>on the timer's thread</em>, so callbacks attached with the non-async
 *       methods must be short (Pekko's {@code pipeToSelf} only enqueues a message); heavy work
 *       belongs on an {@code *Async} variant.
 * </ul>
 *
 * Thread-safe.
 */
public final class RatingEngine implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RatingEngine.class);

  /** Seconds a single connection attempt may take before it counts as failed. */
  private static final int CONNECT_TIMEOUT_SECONDS = 5;

  private final RuleBook book;
  private final Clock clock;
  private final long costNanos;
  private final CostTimer timer;
  private final DefaultProfileMode defaultProfile;

  /** The engine's own timer thread, or null when the caller supplied the timer (and closes it). */
  private final ScheduledThreadPoolExecutor ownTimer;

  private RatingEngine(RuleBook book, Clock clock, RatingSettings settings, CostTimer external) {
    this.book = book;
    this.clock = clock;
    this.costNanos = settings.cost().toNanos();
    this.defaultProfile = settings.defaultProfile();
    if (external != null) {
      this.ownTimer = null;
      this.timer = external;
      return;
    }
    ScheduledThreadPoolExecutor t =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread th = new Thread(r, "rating-cost-timer");
              th.setDaemon(true);
              return th;
            });
    t.setRemoveOnCancelPolicy(true);
    t.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.ownTimer = t;
    this.timer = (task, delayNanos) -> t.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Applies the migrations, loads and validates the rule book, and returns a ready engine.
   * Blocking: call once at start-up, never on the quote path (or use {@link #startAsync}).
   *
   * @throws RatingDatabaseUnavailable the database stayed unreachable for every attempt
   * @throws InvalidRuleSet the rule book breaks a rule (the message names it)
   * @throws org.flywaydb.core.api.FlywayException a migration failed
   */
  public static RatingEngine start(RatingSettings settings, Clock clock) {
    return start(settings, clock, null);
  }

  /**
   * As {@link #start(RatingSettings, Clock)}, waiting out the fixed cost on {@code costTimer}
   * instead of a timer thread of the engine's own (null: the engine's own). The engine does not
   * close a timer it was given.
   */
  public static RatingEngine start(RatingSettings settings, Clock clock, CostTimer costTimer) {
    try {
      return startAsync(settings, clock, costTimer).toCompletableFuture().join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw e;
    }
  }

  /**
   * Like {@link #start} but runs the connection attempts, migrations and loading on a dedicated
   * short-lived thread, waiting between attempts on a scheduled delay (no sleeping thread).
   */
  public static CompletionStage<RatingEngine> startAsync(RatingSettings settings, Clock clock) {
    return startAsync(settings, clock, null);
  }

  /**
   * As {@link #startAsync(RatingSettings, Clock)} with the cost timer of {@link
   * #start(RatingSettings, Clock, CostTimer)}.
   */
  public static CompletionStage<RatingEngine> startAsync(
      RatingSettings settings, Clock clock, CostTimer costTimer) {
    ScheduledThreadPoolExecutor loader =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread th = new Thread(r, "rating-rule-loader");
              th.setDaemon(true);
              return th;
            });
    CompletableFuture<RatingEngine> result = new CompletableFuture<>();
    loader.execute(() -> attempt(settings, clock, costTimer, 1, loader, result, null));
    return result.whenComplete((engine, error) -> loader.shutdown());
  }

  private static void attempt(
      RatingSettings settings,
      Clock clock,
      CostTimer costTimer,
      int n,
      ScheduledExecutorService loader,
      CompletableFuture<RatingEngine> result,
      SQLException previous) {
    PGSimpleDataSource ds = dataSource(settings);
    Connection c;
    try {
      c = ds.getConnection();
    } catch (SQLException e) {
      if (n >= settings.connectAttempts()) {
        result.completeExceptionally(
            new RatingDatabaseUnavailable(
                "rating: cannot reach the rule book at rating.jdbc-url = "
                    + settings.jdbcUrl()
                    + " after "
                    + n
                    + " attempt(s): "
                    + e.getMessage(),
                e));
        return;
      }
      Duration wait = backoff(settings.connectBackoff(), n);
      log.warn(
          "rating: rule book unreachable at {} (attempt {}/{}): {}; retrying in {} ms",
          settings.jdbcUrl(),
          n,
          settings.connectAttempts(),
          e.getMessage(),
          wait.toMillis());
      loader.schedule(
          () -> attempt(settings, clock, costTimer, n + 1, loader, result, e),
          wait.toNanos(),
          TimeUnit.NANOSECONDS);
      return;
    }
    try (c) {
      Flyway.configure()
          .dataSource(ds)
          .schemas(RuleBookLoader.SCHEMA)
          .defaultSchema(RuleBookLoader.SCHEMA)
          .locations("classpath:db/migration")
          .load()
          .migrate();
      RuleBook book =
          RuleBookAssembler.assemble(
              RuleBookLoader.read(c), clock.instant(), settings.defaultProfile());
      log.info(
          "rating: rule book loaded, versions {}, in force {}, default profile per {}",
          book.versions().values().stream().map(RuleSet::version).toList(),
          book.inForce(clock.instant()).version(),
          settings.defaultProfile().setting());
      result.complete(new RatingEngine(book, clock, settings, costTimer));
    } catch (Throwable t) {
      result.completeExceptionally(t);
    }
  }

  /** Backoff after failed attempt n (1-based): base × 2^(n-1), capped. */
  static Duration backoff(Duration base, int n) {
    Duration d = base.multipliedBy(1L << Math.min(n - 1, 20));
    return d.compareTo(RatingSettings.MAX_BACKOFF) > 0 ? RatingSettings.MAX_BACKOFF : d;
  }

  private static PGSimpleDataSource dataSource(RatingSettings s) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(s.jdbcUrl());
    ds.setUser(s.user());
    ds.setPassword(s.password());
    ds.setConnectTimeout(CONNECT_TIMEOUT_SECONDS);
    ds.setLoginTimeout(CONNECT_TIMEOUT_SECONDS);
    ds.setApplicationName("solventa-rating");
    return ds;
  }

  /**
   * Checks the line of business and the insured object against the rule set in force.
   *
   * @throws InvalidQuoteInput field "lineOfBusiness" for an unknown line; "insuredObject" or
   *     "insuredObject.&lt;name&gt;" for a missing or invalid insured-object field
   */
  public void validate(QuoteInput input) {
    validated(input, book.inForce(clock.instant()));
  }

  /**
   * The pure pricing function, without the fixed cost.
   *
   * @throws InvalidQuoteInput see {@link #validate}
   * @throws IllegalArgumentException a non-DEFAULT origin without a profile (a caller bug)
   */
  public PricedQuote priceNow(QuoteInput input, ResolvedProfile profile) {
    RuleSet rules = book.inForce(clock.instant());
    InsuredObjectSchema.Validated object = validated(input, rules);
    return Pricer.price(
        rules, rules.lines().get(input.lineOfBusiness()), object, profile, defaultProfile);
  }

  /**
   * Prices and completes after the calibrated cost ({@code rating.cost}), measured from this call.
   *
   * <p>Never throws: invalid input completes the stage exceptionally <em>at once</em> (no cost
   * waited) with {@link InvalidQuoteInput}; a closed engine with {@link IllegalStateException}.
   */
  public CompletionStage<PricedQuote> price(QuoteInput input, ResolvedProfile profile) {
    long started = System.nanoTime();
    PricedQuote quote;
    try {
      quote = priceNow(input, profile);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (costNanos == 0) {
      return CompletableFuture.completedFuture(quote);
    }
    CompletableFuture<PricedQuote> done = new CompletableFuture<>();
    long remaining = Math.max(0, costNanos - (System.nanoTime() - started));
    try {
      timer.schedule(() -> done.complete(quote), remaining);
    } catch (RejectedExecutionException e) {
      return CompletableFuture.failedFuture(new IllegalStateException("rating engine is closed"));
    }
    return done;
  }

  /** The rule-set version in force now, e.g. "2026.1". */
  public String activeVersion() {
    return book.inForce(clock.instant()).version();
  }

  /**
   * What a customer's own profile must hold for this engine to price it as the customer's: at least
   * one signal some line of the loaded rule book rates ({@code signal_band_factor}). A rated signal
   * missing from a profile is priced prudently (its loading) and widens the range, which is how an
   * incomplete profile is priced; a profile holding none of them says nothing about the customer,
   * and pricing it as FRESH would present the line's worst case as the customer's own price. The
   * adapter refuses such a provider body (a counted failure, then the fallback), so this is the one
   * declaration of which signals are required, read from the rules the engine prices with. Every
   * loaded version counts (a later one takes over without a restart).
   */
  public SignalRequirement profileRequirement() {
    EnumSet<Signal> rated = EnumSet.noneOf(Signal.class);
    for (RuleSet version : book.versions().values()) {
      for (LineRules line : version.lines().values()) {
        rated.addAll(line.signalBands().keySet());
      }
    }
    return SignalRequirement.anyOf(rated);
  }

  /** The lines of business the rule set in force prices, sorted. */
  public Set<String> linesOfBusiness() {
    return Collections.unmodifiableSet(
        new TreeSet<>(book.inForce(clock.instant()).lines().keySet()));
  }

  /**
   * Stops the engine's own timer; pricings still waiting on it never complete. A timer the engine
   * was given is its owner's to stop. Idempotent.
   */
  @Override
  public void close() {
    if (ownTimer != null) {
      ownTimer.shutdownNow();
    }
  }

  private static InsuredObjectSchema.Validated validated(QuoteInput input, RuleSet rules) {
    if (input == null) {
      throw new InvalidQuoteInput("lineOfBusiness", "the quote input is missing");
    }
    String code = input.lineOfBusiness();
    LineRules line = code == null ? null : rules.lines().get(code);
    if (line == null) {
      throw new InvalidQuoteInput(
          "lineOfBusiness",
          (code == null ? "lineOfBusiness is required" : "unknown line of business '" + code + "'")
              + "; known: "
              + String.join(", ", rules.lines().keySet()));
    }
    // Every loaded line has a schema: the assembler refuses lines this build cannot price.
    return InsuredObjectSchema.KNOWN.get(code).validate(input.insuredObject());
  }
}
