package solventa.ops.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the edge's connection rows allow, computed from the node's settings ({@link EdgeSettings})
 * and the row's load, and the verdicts on what they measured; pure, so that fixtures show every
 * outcome.
 *
 * <p>The node closes a new connection that has not delivered a complete request head within {@code
 * quote.http.head-timeout}. So {@code n} idle connections can fill its {@code max-connections} at
 * most {@code ceil(n / max-connections)} times in a row ("waves"), each for at most the head
 * timeout; a legit quote can fail only if it needs a new connection during those waves, so the
 * legit errors sent during the fault are at most {@code rate × waves × head-timeout}. Past that
 * bound the node is no longer bounding the idle connections.
 */
final class EdgeBounds {
  /** What a loaded 2-core machine may add to a timer and a close, beyond the head timeout. */
  static final long CLOSE_SLACK_MS = 2_000;

  private EdgeBounds() {}

  /** How many times {@code idle} connections can fill {@code maxConnections} in a row. */
  static int waves(int idle, int maxConnections) {
    return (idle + maxConnections - 1) / maxConnections;
  }

  /** The most legit errors the exhaustion row allows during its fault. */
  static long exhaustionErrors(int rate, int idle, EdgeSettings s) {
    return rate * (long) waves(idle, s.maxConnections()) * s.headTimeoutMs() / 1000;
  }

  /** The exhaustion row's expectation, with its bound and how it is computed. */
  static String exhaustionExpected(int rate, int idle, EdgeSettings s) {
    return String.format(
        Locale.ROOT,
        "the node stays up; the idle connections closed by its head timeout, so legit errors sent"
            + " during the fault <= %d req/s x %d waves (%d idle / max-connections %d, rounded up)"
            + " x head-timeout %.1f s = %d; a new client's quote on a fresh connection a 200 at the"
            + " fault's end and after it; after the fault, every quote a 200",
        rate,
        waves(idle, s.maxConnections()),
        idle,
        s.maxConnections(),
        s.headTimeoutMs() / 1000.0,
        exhaustionErrors(rate, idle, s));
  }

  /**
   * Why the exhaustion row fails beyond its error counts, or "" when it holds: legit errors during
   * the fault over the bound, or a new client's quote not a 200 at the fault's end or after it.
   */
  static String exhaustion(long during, long bound, String probeAtEnd, String probeAfter) {
    List<String> why = new ArrayList<>();
    if (during > bound) {
      why.add(during + " legit errors during the fault, over the bound of " + bound);
    }
    if (!probeAtEnd.startsWith("200 ")) {
      why.add("a new client could not quote at the fault's end (" + probeAtEnd + ")");
    }
    if (!probeAfter.startsWith("200 ")) {
      why.add("a new client could not quote after the idle connections went (" + probeAfter + ")");
    }
    return String.join("; ", why);
  }

  /** The slow-clients row's expectation. */
  static String slowExpected(EdgeSettings s) {
    return String.format(
        Locale.ROOT,
        "legit quotes keep answering 200; every slow connection closed by the node within"
            + " head-timeout + %d s = %d ms of its opening; the node stays up",
        CLOSE_SLACK_MS / 1000,
        s.headTimeoutMs() + CLOSE_SLACK_MS);
  }

  /**
   * Why the slow connections were not bounded, or "" when they were: none connected, one not closed
   * by the node, or the last close later than the head timeout + {@value #CLOSE_SLACK_MS} ms after
   * the opening.
   */
  static String slowClosed(EdgeSockets.Report start, EdgeSockets.Report end, long headTimeoutMs) {
    if (start == null || end == null || start.connected() == 0) {
      return "no slow connection was made";
    }
    if (end.closedByNode() < start.connected()) {
      return String.format(
          Locale.ROOT,
          "%d of %d slow connections not closed by the node within the fault",
          start.connected() - end.closedByNode(),
          start.connected());
    }
    long within = headTimeoutMs + CLOSE_SLACK_MS;
    if (end.closedAfterMaxMs() > within) {
      return String.format(
          Locale.ROOT,
          "the last slow connection closed %d ms after opening, beyond %d ms",
          end.closedAfterMaxMs(),
          within);
    }
    return "";
  }
}
