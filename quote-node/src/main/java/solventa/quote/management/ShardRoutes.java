package solventa.quote.management;

import static org.apache.pekko.http.javadsl.server.Directives.completeWithFuture;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.quote.api.Problem;
import solventa.quote.management.QuoteStatsRegistry.Source;
import solventa.quote.profile.ProfileEntity;

/**
 * {@code GET /quote/entities} on Pekko Management (registered as {@code
 * pekko.management.http.routes.quote-entities}): the profile entities this node hosts, by shard
 * ({@code {"type":"CustomerProfile","ids":"pseudonym","shards":[{"id":"7","entities":[…]}],
 * "entityCount":N}}). Pekko Management's own {@code /cluster/shards/CustomerProfile} gives only
 * counts; the entities show which customers move when a node leaves. Arm A has no entities: the
 * list is empty.
 *
 * <p>An entity's id is its customer's id. Any local client gets each one as its pseudonym ({@code
 * "ids":"pseudonym"}: the HMAC under {@code quote.trace.salt} that the node's logs and actuarial
 * trace carry, so the list still joins them); only a request with the runner's bearer token ({@link
 * RunnerOnlyGuard#TOKEN_KEY}) gets the customer ids in clear ({@code "ids":"customerId"}). A
 * request that presents a wrong token, or any token on a node that has none, is refused as on the
 * runner-only routes (401, 403) rather than served pseudonyms.
 */
public final class ShardRoutes implements ManagementRouteProvider {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Duration ASK_TIMEOUT = Duration.ofSeconds(3);

  private final ExtendedActorSystem system;
  private final QuoteStatsRegistry registry;

  public ShardRoutes(ExtendedActorSystem system) {
    this.system = system;
    this.registry = QuoteStatsRegistry.get(system);
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    return pathPrefix(
        "quote",
        () ->
            path(
                "entities",
                () -> get(() -> optionalHeaderValueByName("Authorization", this::entities))));
  }

  private Route entities(Optional<String> authorization) {
    Optional<Source> found = registry.find();
    if (found.isEmpty()) {
      return RunnerOnlyGuard.starting();
    }
    Source source = found.get();
    boolean clear = authorization.isPresent();
    if (clear) {
      Optional<Route> refused = RunnerOnlyGuard.refusal(source, authorization);
      if (refused.isPresent()) {
        return refused.get();
      }
    }
    UnaryOperator<String> shown = clear ? UnaryOperator.identity() : source.pseudonym();
    ActorSystem<Void> typed = Adapter.toTyped(system);
    CompletionStage<ShardRegion.CurrentShardRegionState> state =
        AskPattern.<ClusterShardingQuery, ShardRegion.CurrentShardRegionState>ask(
            ClusterSharding.get(typed).shardState(),
            replyTo -> new GetShardRegionState(ProfileEntity.ENTITY_KEY, replyTo),
            ASK_TIMEOUT,
            typed.scheduler());
    // the node's own dispatcher, not the JDK common pool (parallelism 1 on 2 cores)
    return completeWithFuture(
        state
            .toCompletableFuture()
            .handleAsync(
                (s, e) -> e == null ? ok(s, shown, clear) : failed(e), system.dispatcher()));
  }

  private static HttpResponse ok(
      ShardRegion.CurrentShardRegionState state, UnaryOperator<String> shown, boolean clear) {
    ObjectNode body = MAPPER.createObjectNode().put("type", ProfileEntity.ENTITY_KEY.name());
    body.put("ids", clear ? "customerId" : "pseudonym");
    ArrayNode shards = body.putArray("shards");
    int count = 0;
    var sorted = new java.util.ArrayList<>(state.getShards());
    sorted.sort(Comparator.comparing(ShardRegion.ShardState::shardId));
    for (ShardRegion.ShardState s : sorted) {
      ObjectNode shard = shards.addObject().put("id", s.shardId());
      ArrayNode ids = shard.putArray("entities");
      s.getEntityIds().stream().map(shown).sorted().forEach(ids::add);
      count += s.getEntityIds().size();
    }
    body.put("entityCount", count);
    return HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON, body.toString());
  }

  /** No exception text in a body, which could leak internals: the cause goes to the node's log. */
  private static HttpResponse failed(Throwable e) {
    org.slf4j.LoggerFactory.getLogger(ShardRoutes.class).warn("shard region state unavailable", e);
    boolean timeout =
        e instanceof java.util.concurrent.TimeoutException
            || e.getCause() instanceof java.util.concurrent.TimeoutException;
    return Problem.of(
            503,
            "Service Unavailable",
            "shard region state unavailable"
                + (timeout
                    ? ": the shard region did not answer within " + ASK_TIMEOUT.toMillis() + " ms"
                    : "; the cause is in the node's log"))
        .response();
  }
}
