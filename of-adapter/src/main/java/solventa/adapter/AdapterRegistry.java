package solventa.adapter;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.pekko.actor.AbstractExtensionId;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.Extension;
import org.apache.pekko.actor.ExtensionIdProvider;

/**
 * Per actor system: the adapters by provider name, so that components created by reflection (the
 * management routes) find the adapter the node created. Whoever creates an adapter registers it
 * (the adapter does not know this registry); the last adapter registered for a name wins.
 */
public final class AdapterRegistry implements Extension {

  /** The extension id. */
  public static final Id ID = new Id();

  private final Map<String, OfAdapter> adapters = new ConcurrentHashMap<>();

  public static AdapterRegistry get(ActorSystem system) {
    return ID.get(system);
  }

  public static AdapterRegistry get(org.apache.pekko.actor.typed.ActorSystem<?> system) {
    return ID.get(system.classicSystem());
  }

  /** Makes {@code adapter} the one found under its provider's name. */
  public void register(OfAdapter adapter) {
    adapters.put(adapter.provider(), adapter);
  }

  /** Forgets {@code adapter}, if it is still the one registered under its provider's name. */
  public void unregister(OfAdapter adapter) {
    adapters.remove(adapter.provider(), adapter);
  }

  public Optional<OfAdapter> find(String provider) {
    return Optional.ofNullable(adapters.get(provider));
  }

  /** The extension id; also an {@link ExtensionIdProvider} so config can name it. */
  public static final class Id extends AbstractExtensionId<AdapterRegistry>
      implements ExtensionIdProvider {
    private Id() {}

    @Override
    public AdapterRegistry createExtension(ExtendedActorSystem system) {
      return new AdapterRegistry();
    }

    @Override
    public Id lookup() {
      return ID;
    }
  }
}
