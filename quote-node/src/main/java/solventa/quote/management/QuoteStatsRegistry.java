package solventa.quote.management;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.apache.pekko.actor.AbstractExtensionId;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.Extension;
import solventa.platform.AdminToken;
import solventa.quote.profile.ProfileStore;
import solventa.quote.profile.ProviderPort;
import solventa.quote.stats.QuoteStats;

/**
 * Per actor system: what the node hands to its runner-only management routes ({@link
 * QuoteStatsRoutes}), which Pekko Management creates by reflection. The same pattern as the
 * adapter's {@code AdapterRegistry}: the node's wiring registers, the routes look up; nothing is
 * keyed by actor system by hand, and the state goes away with its system.
 */
public final class QuoteStatsRegistry implements Extension {

  private static final Id ID = new Id();

  /**
   * What the routes read from their node.
   *
   * @param store where {@code POST /quote/bench/seed} writes (null for arm A: nothing to seed)
   * @param token the bearer token every runner-only (mutating) route requires, and {@code GET
   *     /quote/entities} to list customer ids in clear
   * @param pseudonym a customer id's pseudonym, the one the node's logs and actuarial trace carry
   *     ({@code ActuarialTrace#pseudonym}): what {@code GET /quote/entities} lists without the
   *     token
   */
  public record Source(
      QuoteStats stats,
      ProviderPort provider,
      ProfileStore store,
      boolean resetEnabled,
      AdminToken token,
      UnaryOperator<String> pseudonym) {}

  private final AtomicReference<Source> source = new AtomicReference<>();

  public static QuoteStatsRegistry get(ActorSystem system) {
    return ID.get(system);
  }

  public static QuoteStatsRegistry get(org.apache.pekko.actor.typed.ActorSystem<?> system) {
    return ID.get(system.classicSystem());
  }

  public void register(Source s) {
    source.set(s);
  }

  public void unregister() {
    source.set(null);
  }

  /** The node's source; empty while the node is starting (before {@link #register}). */
  public Optional<Source> find() {
    return Optional.ofNullable(source.get());
  }

  private static final class Id extends AbstractExtensionId<QuoteStatsRegistry> {
    @Override
    public QuoteStatsRegistry createExtension(ExtendedActorSystem system) {
      return new QuoteStatsRegistry();
    }
  }
}
