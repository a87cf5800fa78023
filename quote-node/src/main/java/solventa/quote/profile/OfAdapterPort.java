package solventa.quote.profile;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;
import solventa.adapter.AdapterRegistry;
import solventa.adapter.AdapterSettings;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.OfAdapter;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FetchResult;
import solventa.quote.settings.QuoteSettings;
import solventa.signals.SignalRequirement;

/** {@link ProviderPort} on :AdaptadorOF's {@link OfAdapter} (its breaker, bulkhead, timeout). */
public final class OfAdapterPort implements ProviderPort {
  private final OfAdapter adapter;

  private OfAdapterPort(OfAdapter adapter) {
    this.adapter = adapter;
  }

  /**
   * Creates the node's adapter from {@code of-adapter.*}; it refuses invalid configuration. When
   * {@code quote.breaker} turns the breaker off for this node, the provider's breaker policy is
   * {@code none}. Registers the adapter in the system's {@link AdapterRegistry}, where the breaker
   * management routes find it. The adapter refuses, as {@code MALFORMED}, a provider body whose
   * profile does not meet {@code required} (rating's declaration of the signals it needs).
   */
  public static OfAdapterPort create(
      ActorSystem<?> system, Config root, SignalRequirement required) {
    Config effective = root;
    if (!QuoteSettings.fromConfig(root).breakerOn()) {
      String provider = root.getString("of-adapter.default-provider");
      effective =
          ConfigFactory.parseMap(
                  java.util.Map.of("of-adapter.providers." + provider + ".breaker.policy", "none"))
              .withFallback(root);
    }
    OfAdapter adapter =
        OfAdapter.create(
            system, AdapterSettings.fromConfig(effective).withRequiredSignals(required));
    AdapterRegistry.get(system).register(adapter);
    return new OfAdapterPort(adapter);
  }

  public OfAdapter adapter() {
    return adapter;
  }

  @Override
  public CompletionStage<FetchResult> fetch(String customerId) {
    return adapter.fetch(customerId);
  }

  @Override
  public boolean acceptsCustomerId(String customerId) {
    return adapter.settings().customerIds().accepts(customerId);
  }

  @Override
  public String customerIdFormat() {
    return adapter.settings().customerIds().describe();
  }

  @Override
  public BreakerState breakerState() {
    return adapter.state();
  }

  @Override
  public long providerCalls() {
    return adapter.providerCalls();
  }

  @Override
  public AdapterSnapshot snapshot() {
    return adapter.snapshot();
  }
}
