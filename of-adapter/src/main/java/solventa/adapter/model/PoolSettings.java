package solventa.adapter.model;

/**
 * The per-provider bulkhead ({@code of-adapter.providers.<name>.pool}).
 *
 * @param maxConnections calls on the wire at once (>= 1); the Pekko HTTP pool's max-connections
 * @param maxOpenRequests calls allowed to wait for a connection (>= 0); beyond it, rejection
 */
public record PoolSettings(int maxConnections, int maxOpenRequests) {

  public PoolSettings {
    ConfigChecks.require(
        maxConnections >= 1, "pool.max-connections", maxConnections, "must be >= 1");
    ConfigChecks.require(
        maxOpenRequests >= 0, "pool.max-open-requests", maxOpenRequests, "must be >= 0");
  }
}
