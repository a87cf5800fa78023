package solventa.adapter.model;

import java.net.URI;
import java.time.Duration;

/**
 * One provider's adapter configuration ({@code of-adapter.providers.<name>}). Validation errors
 * raised here name keys relative to that section; {@link AdapterSettings#fromConfig} qualifies
 * them.
 *
 * @param baseUrl http://127.0.0.1:PORT (loopback only in this lab); paths are appended to it
 * @param timeout the hard timeout of one call (> 0), queue time included (EC-LAT-08)
 * @param dispatcher config path of the provider's own dispatcher (the bulkhead's work pool)
 * @param customerIds which customer ids are sent to the provider ({@code customer-id-pattern})
 * @param partnerBudget each partner's budget of calls for customers the node holds no value for
 *     ({@code partner-budget}; off unless enabled)
 */
public record ProviderSettings(
    String name,
    URI baseUrl,
    Duration timeout,
    PoolSettings pool,
    BreakerSettings breaker,
    String dispatcher,
    CustomerIdFormat customerIds,
    PartnerBudgetSettings partnerBudget) {

  /** A provider without a partner budget ({@link PartnerBudgetSettings#OFF}). */
  public ProviderSettings(
      String name,
      URI baseUrl,
      Duration timeout,
      PoolSettings pool,
      BreakerSettings breaker,
      String dispatcher,
      CustomerIdFormat customerIds) {
    this(name, baseUrl, timeout, pool, breaker, dispatcher, customerIds, PartnerBudgetSettings.OFF);
  }

  public ProviderSettings {
    ConfigChecks.require(
        name != null && !name.isBlank(), "name", name, "must be a non-empty provider name");
    ConfigChecks.require(
        baseUrl != null
            && "http".equals(baseUrl.getScheme())
            && baseUrl.getHost() != null
            && baseUrl.getPort() > 0,
        "base-url",
        baseUrl,
        "must be http://HOST:PORT");
    ConfigChecks.requirePositive(timeout, "timeout");
    ConfigChecks.require(pool != null, "pool", pool, "is required");
    ConfigChecks.require(breaker != null, "breaker", breaker, "is required");
    ConfigChecks.require(customerIds != null, "customer-id-pattern", customerIds, "is required");
    ConfigChecks.require(partnerBudget != null, "partner-budget", partnerBudget, "is required");
  }

  /** The same provider with another base URL (tests point it at a Toxiproxy listen port). */
  public ProviderSettings withBaseUrl(String url) {
    return new ProviderSettings(
        name, URI.create(url), timeout, pool, breaker, dispatcher, customerIds, partnerBudget);
  }

  public ProviderSettings withTimeout(Duration newTimeout) {
    return new ProviderSettings(
        name, baseUrl, newTimeout, pool, breaker, dispatcher, customerIds, partnerBudget);
  }

  public ProviderSettings withPool(PoolSettings newPool) {
    return new ProviderSettings(
        name, baseUrl, timeout, newPool, breaker, dispatcher, customerIds, partnerBudget);
  }

  public ProviderSettings withCustomerIds(CustomerIdFormat newCustomerIds) {
    return new ProviderSettings(
        name, baseUrl, timeout, pool, breaker, dispatcher, newCustomerIds, partnerBudget);
  }

  public ProviderSettings withBreaker(BreakerSettings newBreaker) {
    return new ProviderSettings(
        name, baseUrl, timeout, pool, newBreaker, dispatcher, customerIds, partnerBudget);
  }

  public ProviderSettings withPartnerBudget(PartnerBudgetSettings newBudget) {
    return new ProviderSettings(
        name, baseUrl, timeout, pool, breaker, dispatcher, customerIds, newBudget);
  }
}
