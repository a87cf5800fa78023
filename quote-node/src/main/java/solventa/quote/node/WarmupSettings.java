package solventa.quote.node;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.Locale;
import solventa.quote.settings.QuoteSettings;

/**
 * {@code quote.warmup}: the start-up warm-up's settings ({@link NodeWarmup}), validated on
 * construction naming the bad key and value.
 *
 * <p>Two kinds of synthetic customers. The <i>repeated</i> ones, {@code customers} ids from {@code
 * first-customer} on, are quoted round after round: a miss first, then hits. The <i>miss</i> ones,
 * {@code miss-customers} ids from {@code first-miss-customer} on, take {@code miss-share} of the
 * quotes, spread evenly, each a customer the warm-up has not quoted before: a new entity, a Redis
 * load that finds nothing (in a Redis that has not stored them), a provider call, a Redis write and
 * a FRESH or, past the budget, DEFAULT answer — the path a node that joins under load with an empty
 * Redis takes for every customer at first. Past {@code miss-customers} distinct ids the miss quotes
 * start over at the first (then they are hits).
 *
 * @param quotes synthetic quotes sent before ready; 0 turns the warm-up off
 * @param concurrency quotes in flight at a time
 * @param customers distinct repeated customers, quoted in rounds
 * @param firstCustomer index of the first repeated customer (id {@code c%08d})
 * @param provider whether the warm-up's provider calls go to the real adapter
 * @param ramp how long the warm-up takes to reach full concurrency: one quote at a time first, so a
 *     cold node's first calls do not all meet the adapter's hard timeout at once and trip its
 *     breaker
 * @param timeout the node starts after this even if the warm-up has not finished
 * @param newConnections how many of the last quotes go each on a new connection ({@code Connection:
 *     close}), so that the server's per-connection set-up is compiled too: a load generator opens
 *     its connections in its first second
 * @param settle the longest the warm-up then waits for the JIT compilers to go quiet
 * @param missShare share of the quotes that go to miss customers, in [0, 1]
 * @param missCustomers distinct miss customers
 * @param firstMissCustomer index of the first miss customer; the range must not overlap the
 *     repeated one
 */
record WarmupSettings(
    int quotes,
    int concurrency,
    int customers,
    int firstCustomer,
    WarmupSettings.ProviderMode provider,
    Duration ramp,
    Duration timeout,
    int newConnections,
    Duration settle,
    double missShare,
    int missCustomers,
    int firstMissCustomer) {

  /** Whether provider calls of the warm-up go to the real adapter. */
  enum ProviderMode {
    REAL,
    SKIP
  }

  /** Customer ids are {@code c%08d}: indices below this. */
  static final long ID_SPACE = 100_000_000L;

  WarmupSettings {
    require(quotes >= 0, "quote.warmup.quotes", quotes);
    require(newConnections >= 0, "quote.warmup.new-connections", newConnections);
    require(!settle.isNegative(), "quote.warmup.settle", settle);
    require(concurrency >= 1 && concurrency <= 1024, "quote.warmup.concurrency", concurrency);
    require(customers >= 1, "quote.warmup.customers", customers);
    require(
        firstCustomer >= 0 && (long) firstCustomer + customers <= ID_SPACE,
        "quote.warmup.first-customer",
        firstCustomer);
    require(!ramp.isNegative(), "quote.warmup.ramp", ramp);
    require(!timeout.isNegative() && !timeout.isZero(), "quote.warmup.timeout", timeout);
    require(missShare >= 0 && missShare <= 1, "quote.warmup.miss-share", missShare);
    require(missCustomers >= 1, "quote.warmup.miss-customers", missCustomers);
    require(
        firstMissCustomer >= 0 && (long) firstMissCustomer + missCustomers <= ID_SPACE,
        "quote.warmup.first-miss-customer",
        firstMissCustomer);
    boolean apart =
        (long) firstMissCustomer + missCustomers <= firstCustomer
            || firstMissCustomer >= (long) firstCustomer + customers;
    if (!apart) {
      throw new QuoteSettings.InvalidQuoteSettings(
          "quote.warmup.first-miss-customer",
          String.valueOf(firstMissCustomer),
          "the miss customers overlap the repeated ones (quote.warmup.first-customer = "
              + firstCustomer
              + ", quote.warmup.customers = "
              + customers
              + ")");
    }
  }

  static WarmupSettings fromConfig(Config root) {
    Config c = root.getConfig("quote.warmup");
    String mode = c.getString("provider");
    ProviderMode m;
    try {
      m = ProviderMode.valueOf(mode.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new QuoteSettings.InvalidQuoteSettings(
          "quote.warmup.provider", mode, "must be real or skip");
    }
    return new WarmupSettings(
        c.getInt("quotes"),
        c.getInt("concurrency"),
        c.getInt("customers"),
        c.getInt("first-customer"),
        m,
        c.getDuration("ramp"),
        c.getDuration("timeout"),
        c.getInt("new-connections"),
        c.getDuration("settle"),
        c.getDouble("miss-share"),
        c.getInt("miss-customers"),
        c.getInt("first-miss-customer"));
  }

  private static void require(boolean ok, String key, Object value) {
    if (!ok) {
      throw new QuoteSettings.InvalidQuoteSettings(key, String.valueOf(value), "out of range");
    }
  }

  /** How many of the first {@code i} quotes go to miss customers (evenly spread). */
  long missesBefore(int i) {
    return (long) Math.floor(i * missShare);
  }

  /** Whether quote {@code i} goes to a miss customer. */
  boolean isMiss(int i) {
    return missesBefore(i + 1) > missesBefore(i);
  }

  /** Miss quotes among all {@link #quotes}. */
  long missQuotes() {
    return missesBefore(quotes);
  }

  /** The customer of quote {@code i}: the next miss customer, or a repeated one in rounds. */
  String customerId(int i) {
    if (isMiss(i)) {
      return id(firstMissCustomer + (int) (missesBefore(i) % missCustomers));
    }
    long repeated = i - missesBefore(i);
    return id(firstCustomer + (int) (repeated % customers));
  }

  private static String id(int n) {
    return String.format("c%08d", n);
  }

  /** Whether {@code id} is one of the warm-up's synthetic customers, of either kind. */
  boolean isWarmupCustomer(String id) {
    if (id.length() != 9 || id.charAt(0) != 'c') {
      return false;
    }
    try {
      int n = Integer.parseInt(id.substring(1));
      return (n >= firstCustomer && n < firstCustomer + customers)
          || (n >= firstMissCustomer && n < firstMissCustomer + missCustomers);
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
