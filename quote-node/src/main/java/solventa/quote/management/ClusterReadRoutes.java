package solventa.quote.management;

import static org.apache.pekko.http.javadsl.server.Directives.extractMethod;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;

import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.cluster.Cluster;
import org.apache.pekko.http.javadsl.model.HttpMethod;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.management.cluster.javadsl.ClusterHttpManagementRoutes;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.platform.DrainedRefusal;
import solventa.quote.api.Problem;

/**
 * Pekko Management's cluster HTTP routes, read-only whatever {@code
 * pekko.management.http.route-providers-read-only} says, so that no client can change the cluster's
 * membership over HTTP. Registered under Pekko's own key, {@code
 * pekko.management.http.routes.cluster-management}, in place of its {@code
 * ClusterHttpManagementRouteProvider}, which serves the membership changes ({@code POST
 * /cluster/members}: join; {@code PUT}/{@code DELETE /cluster/members/<address>}: down, leave;
 * {@code PUT /cluster}: prepare for a full shutdown) to any client, without a token, as soon as
 * read-only is off — and the runner turns it off for the node's own token-guarded routes.
 *
 * <p>It serves Pekko's own read-only routes ({@link ClusterHttpManagementRoutes#readOnly}: {@code
 * GET /cluster/members}, {@code /cluster/members/<address>}, {@code /cluster/domain-events}, {@code
 * /cluster/shards/<region>}); any other method under {@code /cluster} is refused with 403 and a
 * problem body, decided before its body is read (so the body is discarded first, {@link
 * DrainedRefusal}). Nothing in the lab changes membership over HTTP: a node leaves the cluster by
 * its own coordinated shutdown (SIGTERM), and the split-brain resolver downs an unreachable one.
 * The health checks ({@code /ready}, {@code /alive}) are Pekko Management's own routes and stay as
 * they are.
 */
public final class ClusterReadRoutes implements ManagementRouteProvider {

  private final Cluster cluster;

  public ClusterReadRoutes(ExtendedActorSystem system) {
    this.cluster = Cluster.get(system);
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    Route read = ClusterHttpManagementRoutes.readOnly(cluster);
    return extractMethod(
        method ->
            isRead(method) ? read : pathPrefix("cluster", () -> DrainedRefusal.route(() -> OFF)));
  }

  private static boolean isRead(HttpMethod method) {
    return method.equals(HttpMethods.GET) || method.equals(HttpMethods.HEAD);
  }

  /** The answer to every change of membership over HTTP. */
  static final Route OFF =
      Problem.of(
              403,
              "Forbidden",
              "cluster membership changes over HTTP are off on this node (join, leave, down,"
                  + " prepare-for-full-shutdown), whatever"
                  + " pekko.management.http.route-providers-read-only says: a node leaves by its"
                  + " own coordinated shutdown (SIGTERM); the GET routes stay open")
          .route();
}
