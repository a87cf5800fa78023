package solventa.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * The benchmark's framework floor: the same open-model load as a quote step, at the same rate and
 * over the same HTTP protocol (shared connections), but each arriving user sends a bare {@code GET}
 * of {@link #PATH}, which the node answers at once with a constant body: no parsing of a body, no
 * entity, no rating, no 60 ms cost. What the node spends per such request is what its HTTP server,
 * its IO and its loop cost before any quote work. No assertion: the runner reads the request log.
 */
public final class FloorSimulation extends LoggedSimulation {
  /** The node's liveness route: a constant answer, nothing behind it. */
  public static final String PATH = "/health";

  public FloorSimulation() {
    var scn = scenario("floor").exec(QuoteRequests.bare(log, PATH));
    setUp(scn.injectOpen(constantUsersPerSec(params.ratePerSec()).during(params.duration())))
        .protocols(QuoteRequests.protocol(params.baseUrl()));
  }
}
