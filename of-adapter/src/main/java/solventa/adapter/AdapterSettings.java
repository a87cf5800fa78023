package solventa.adapter;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.ConfigChecks;
import solventa.adapter.model.CustomerIdFormat;
import solventa.adapter.model.InvalidAdapterConfigException;
import solventa.adapter.model.PartnerBudgetSettings;
import solventa.adapter.model.PoolSettings;
import solventa.adapter.model.ProviderSettings;
import solventa.platform.AdminToken;
import solventa.signals.SignalRequirement;

/**
 * The {@code of-adapter} namespace, parsed once and validated on construction: a config that cannot
 * run (timeout <= 0, pool size < 1, threshold outside (0, 100], unknown policy, half-open probes
 * outside 1..100, missing provider, a management token shorter than 16 characters or a retired one)
 * throws {@link InvalidAdapterConfigException} naming the full key and its value.
 *
 * @param providers every configured provider by name (iteration in config order is not promised)
 * @param allowForce whether the management routes may force the breaker open or closed
 * @param requiredSignals what a translated profile must hold, or the body is {@code MALFORMED}: not
 *     configuration but the declaration of the profiles' reader (the quote node passes rating's,
 *     {@link #withRequiredSignals}); {@link SignalRequirement#NONE} from the config alone
 */
public record AdapterSettings(
    String defaultProvider,
    Map<String, ProviderSettings> providers,
    boolean allowForce,
    SignalRequirement requiredSignals) {

  public static final String NAMESPACE = "of-adapter";

  public AdapterSettings(
      String defaultProvider, Map<String, ProviderSettings> providers, boolean allowForce) {
    this(defaultProvider, providers, allowForce, SignalRequirement.NONE);
  }

  public AdapterSettings {
    java.util.Objects.requireNonNull(requiredSignals, "requiredSignals");
    providers = Map.copyOf(providers);
    ConfigChecks.require(
        defaultProvider != null && providers.containsKey(defaultProvider),
        NAMESPACE + ".default-provider",
        defaultProvider,
        "names no provider under " + NAMESPACE + ".providers " + providers.keySet());
  }

  /** Settings with a single provider, which is the default one. */
  public static AdapterSettings of(ProviderSettings provider, boolean allowForce) {
    return new AdapterSettings(provider.name(), Map.of(provider.name(), provider), allowForce);
  }

  public ProviderSettings defaultProviderSettings() {
    return providers.get(defaultProvider);
  }

  /** The same settings with the default provider replaced. */
  public AdapterSettings withDefaultProvider(ProviderSettings provider) {
    Map<String, ProviderSettings> copy = new LinkedHashMap<>(providers);
    copy.put(provider.name(), provider);
    return new AdapterSettings(provider.name(), copy, allowForce, requiredSignals);
  }

  /**
   * The same settings refusing, as {@code MALFORMED}, a body whose profile does not meet {@code
   * required}: the signals the profiles' reader (rating) cannot price without.
   */
  public AdapterSettings withRequiredSignals(SignalRequirement required) {
    return new AdapterSettings(defaultProvider, providers, allowForce, required);
  }

  /** Parses {@code of-adapter} from the root config (reference.conf supplies every default). */
  public static AdapterSettings fromConfig(Config root) {
    Config c = root.getConfig(NAMESPACE);
    Map<String, ProviderSettings> providers = new LinkedHashMap<>();
    Config all = c.getConfig("providers");
    for (String name : all.root().keySet()) {
      providers.put(name, provider(name, all.getConfig(quoted(name)), root));
    }
    // the force routes' token: a weak one refuses here, before any port opens
    managementToken(
        BreakerManagementRoutes.TOKEN_KEY,
        c.hasPath("management.token")
            ? string(c, "management.token", BreakerManagementRoutes.TOKEN_KEY)
            : "");
    return new AdapterSettings(
        string(c, "default-provider", NAMESPACE + ".default-provider"),
        providers,
        bool(c, "management.allow-force", NAMESPACE + ".management.allow-force"));
  }

  private static ProviderSettings provider(String name, Config p, Config root) {
    String prefix = NAMESPACE + ".providers." + name + ".";
    try {
      String url = string(p, "base-url", prefix + "base-url");
      URI uri;
      try {
        uri = URI.create(url);
      } catch (IllegalArgumentException e) {
        throw new InvalidAdapterConfigException(prefix + "base-url", url, "is not a URI");
      }
      String dispatcher = prefix + "dispatcher";
      ConfigChecks.require(
          root.hasPath(dispatcher), dispatcher, "(missing)", "a dispatcher section is required");
      return new ProviderSettings(
          name,
          uri,
          duration(p, "timeout", prefix),
          new PoolSettings(
              integer(p, "pool.max-connections", prefix),
              integer(p, "pool.max-open-requests", prefix)),
          breaker(p.getConfig("breaker"), prefix),
          dispatcher,
          CustomerIdFormat.of(string(p, "customer-id-pattern", prefix + "customer-id-pattern")),
          partnerBudget(p.getConfig("partner-budget"), prefix));
    } catch (InvalidAdapterConfigException e) {
      // records validate with keys relative to the provider; qualify them once, here, and show
      // the value as it was written (700ms, not PT0.7S)
      if (e.key().startsWith(NAMESPACE)) {
        throw e;
      }
      String written =
          p.hasPath(e.key()) ? String.valueOf(p.getValue(e.key()).unwrapped()) : e.value();
      throw new InvalidAdapterConfigException(prefix + e.key(), written, e.reason());
    } catch (ConfigException.Missing e) {
      throw new InvalidAdapterConfigException(prefix + "?", "(missing)", e.getMessage());
    }
  }

  private static BreakerSettings breaker(Config b, String prefix) {
    String raw = string(b, "policy", prefix + "breaker.policy");
    BreakerPolicy policy;
    try {
      policy = BreakerPolicy.valueOf(raw.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InvalidAdapterConfigException(
          prefix + "breaker.policy", raw, "unknown policy; use count, rate or none");
    }
    return new BreakerSettings(
        policy,
        integer(b, "consecutive-failures", prefix + "breaker."),
        number(b, "failure-rate-threshold", prefix + "breaker."),
        duration(b, "window", prefix + "breaker."),
        integer(b, "minimum-calls", prefix + "breaker."),
        duration(b, "reset-timeout", prefix + "breaker."),
        integer(b, "half-open-probes", prefix + "breaker."));
  }

  private static PartnerBudgetSettings partnerBudget(Config b, String prefix) {
    String at = prefix + "partner-budget.";
    java.util.List<String> partners;
    try {
      partners = b.getStringList("partners");
    } catch (ConfigException.WrongType e) {
      throw new InvalidAdapterConfigException(
          at + "partners", b.getValue("partners").render(), "not a list of partner ids");
    }
    return new PartnerBudgetSettings(
        bool(b, "enabled", at + "enabled"),
        number(b, "rate", at),
        integer(b, "burst", at),
        partners);
  }

  // Typed getters that turn HOCON's type errors into our message shape.

  private static String quoted(String key) {
    return "\"" + key + "\"";
  }

  private static String string(Config c, String path, String fullKey) {
    try {
      return c.getString(path);
    } catch (ConfigException.WrongType e) {
      throw new InvalidAdapterConfigException(fullKey, c.getValue(path).render(), "not a string");
    }
  }

  private static boolean bool(Config c, String path, String fullKey) {
    try {
      return c.getBoolean(path);
    } catch (ConfigException.WrongType e) {
      throw new InvalidAdapterConfigException(fullKey, c.getValue(path).render(), "not a boolean");
    }
  }

  private static int integer(Config c, String path, String prefix) {
    try {
      return c.getInt(path);
    } catch (ConfigException.WrongType e) {
      throw new InvalidAdapterConfigException(
          prefix + path, c.getValue(path).render(), "not an integer");
    }
  }

  private static double number(Config c, String path, String prefix) {
    try {
      return c.getDouble(path);
    } catch (ConfigException.WrongType e) {
      throw new InvalidAdapterConfigException(
          prefix + path, c.getValue(path).render(), "not a number");
    }
  }

  private static Duration duration(Config c, String path, String prefix) {
    try {
      return c.getDuration(path);
    } catch (ConfigException.WrongType | ConfigException.BadValue e) {
      throw new InvalidAdapterConfigException(
          prefix + path, c.getValue(path).render(), "not a duration (e.g. 700ms)");
    }
  }

  /**
   * The management routes' bearer token of setting {@code key}, checked by the rule of secrets: a
   * weak one is refused as the adapter's other settings are, naming the key and the token's length.
   */
  static AdminToken managementToken(String key, String token) {
    try {
      return AdminToken.fromSetting(key, token);
    } catch (solventa.platform.InvalidSetting e) {
      throw new InvalidAdapterConfigException(e.key(), e.value(), e.reason());
    }
  }
}
