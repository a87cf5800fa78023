package solventa.ops.analysis.figures;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigResolveOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The two node settings C's budget-expiry figure ({@link BudgetExpiry}) subtracts: how long arms C
 * and C' wait for the provider ({@code quote.budget}) and the rating engine's calibrated cost
 * ({@code rating.cost}), each in ms, and where they were read.
 *
 * <p>A run records them in its environment ({@link #recorded()}, under {@link #BUDGET_KEY} and
 * {@link #RATING_KEY}); {@link #of} reads them from there. A run recorded before that has neither:
 * then the settings the analysing build ships ({@code quote.conf}, {@code reference.conf}) are
 * used, and {@link #source()} says so.
 *
 * @param budgetMs quote.budget in ms, null when it could not be read
 * @param ratingCostMs rating.cost in ms, null when it could not be read
 * @param source where they were read, or why they could not be
 */
public record BudgetSettings(Long budgetMs, Long ratingCostMs, String source) {

  /** The environment's key of the budget the run's nodes were configured with. */
  public static final String BUDGET_KEY = "node settings: quote.budget";

  /** The environment's key of the rating cost the run's nodes were configured with. */
  public static final String RATING_KEY = "node settings: rating.cost";

  /** Whether both settings are known. */
  public boolean known() {
    return budgetMs != null && ratingCostMs != null;
  }

  /**
   * The settings a run's nodes start with, as the runner records them in the run's environment: the
   * shipped {@code quote.conf} and {@code reference.conf} resolved against this process's
   * environment variables ({@code QUOTE_BUDGET}, {@code RATING_COST}), which the nodes it starts
   * inherit. Values read "120 ms"; a setting that cannot be read says why.
   */
  public static Map<String, String> recorded() {
    Config c = settings(ConfigResolveOptions.defaults().setAllowUnresolved(true));
    Map<String, String> m = new LinkedHashMap<>();
    m.put(BUDGET_KEY, describe(c, "quote.budget"));
    m.put(RATING_KEY, describe(c, "rating.cost"));
    return m;
  }

  /** The settings a run recorded in {@code environment}, else the shipped ones, named as such. */
  public static BudgetSettings of(Map<String, String> environment) {
    Map<String, String> env = environment == null ? Map.of() : environment;
    if (env.containsKey(BUDGET_KEY) || env.containsKey(RATING_KEY)) {
      Long budget = parse(env.get(BUDGET_KEY));
      Long rating = parse(env.get(RATING_KEY));
      String source =
          budget != null && rating != null
              ? "recorded by the run (environment: " + BUDGET_KEY + ", " + RATING_KEY + ")"
              : "the run's environment does not give both as ms: "
                  + BUDGET_KEY
                  + " = "
                  + env.get(BUDGET_KEY)
                  + ", "
                  + RATING_KEY
                  + " = "
                  + env.get(RATING_KEY);
      return new BudgetSettings(budget, rating, source);
    }
    Config c = settings(ConfigResolveOptions.noSystem().setAllowUnresolved(true));
    Long budget = parse(describe(c, "quote.budget"));
    Long rating = parse(describe(c, "rating.cost"));
    return new BudgetSettings(
        budget,
        rating,
        budget != null && rating != null
            ? "as shipped with the analysing build (quote.conf, reference.conf): the run predates"
                + " recording them"
            : "neither recorded by the run nor readable from the shipped quote.conf and"
                + " reference.conf");
  }

  /** "120 ms" or "— (why)". */
  static String describe(Config c, String key) {
    try {
      return c.getDuration(key, TimeUnit.MILLISECONDS) + " ms";
    } catch (RuntimeException e) {
      return "— (" + key + " could not be read: " + e.getMessage() + ")";
    }
  }

  /** The ms of "120 ms"; null for anything else. */
  static Long parse(String value) {
    if (value == null || !value.matches("\\d+ ms")) {
      return null;
    }
    return Long.parseLong(value.substring(0, value.length() - 3));
  }

  private static Config settings(ConfigResolveOptions options) {
    return ConfigFactory.parseResources("quote.conf")
        .withFallback(ConfigFactory.parseResources("reference.conf"))
        .resolve(options);
  }
}
