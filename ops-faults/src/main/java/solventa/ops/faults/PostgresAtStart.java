package solventa.ops.faults;

import eu.rekawek.toxiproxy.Proxy;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import solventa.ops.lab.NodeProcess;

/**
 * A node started with PostgreSQL unreachable must refuse to start, naming the setting, and must
 * never price a quote meanwhile: the row sends quotes to the node's HTTP port every {@value
 * #EVERY_MS} ms while it tries, and counts what they got. The node loads the rule book before it
 * binds its HTTP port, so a refused connection is the expected answer; any answer at all (a 200
 * priced without the rule book, a 5xx) fails the row.
 */
final class PostgresAtStart {
  static final String FAULT = "PostgreSQL down at start";
  static final int EVERY_MS = 500;
  static final int BOUND_SEC = 120;
  static final String REFUSED = FaultContext.REFUSED;

  private PostgresAtStart() {}

  static FaultRow row(FaultContext ctx) {
    String injected =
        "a new node started with Toxiproxy's proxy in front of PostgreSQL disabled (the shipped"
            + " rating.connect-attempts and connect-backoff); a quote sent to its HTTP port every "
            + EVERY_MS
            + " ms while it tries";
    String expected =
        "the node refuses to start, naming rating.jdbc-url; every quote sent meanwhile refused at"
            + " connect (the HTTP port opens only after the rule book loads): no answer, never a"
            + " 200 priced without the rule book";
    Proxy pg = ctx.lab().postgresProxy();
    NodeProcess node = null;
    try {
      ctx.clear();
      pg.disable();
      long t0 = System.currentTimeMillis();
      node = ctx.lab().joinNode(ctx.profile(), "-pgdown");
      Map<String, Long> got = new TreeMap<>();
      long deadline = t0 + BOUND_SEC * 1000L;
      while (node.isAlive() && System.currentTimeMillis() < deadline) {
        got.merge(quote(node.baseUrl()), 1L, Long::sum);
        Thread.sleep(EVERY_MS);
      }
      double took = (System.currentTimeMillis() - t0) / 1000.0;
      String log = Files.exists(node.logFile()) ? Files.readString(node.logFile()) : "";
      String line = log.lines().filter(l -> l.contains("rating.jdbc-url")).findFirst().orElse("");
      boolean exited = !node.isAlive();
      long sent = got.values().stream().mapToLong(Long::longValue).sum();
      long answered = sent - got.getOrDefault(REFUSED, 0L);
      String quotes = String.format(Locale.ROOT, "; %d quotes sent while it tried: %s", sent, got);
      return new FaultRow(
          FAULT,
          injected,
          took,
          sent,
          answered,
          null,
          null,
          expected,
          (exited
                  ? String.format(Locale.ROOT, "refused after %.1f s: %s", took, line.trim())
                  : "still running after " + BOUND_SEC + " s")
              + quotes,
          holds(exited, line, sent, answered));
    } catch (Exception e) {
      return FaultRow.failed(FAULT, injected, expected, e);
    } finally {
      if (node != null) {
        node.close();
      }
      try {
        pg.enable();
      } catch (Exception e) {
        // the next row's clear() enables it
      }
    }
  }

  /**
   * Holds when the node exited with a log line naming {@code rating.jdbc-url}, and quotes were sent
   * while it tried, none of them answered (each refused at connect).
   */
  static boolean holds(boolean exited, String line, long sent, long answered) {
    return exited && !line.isEmpty() && sent > 0 && answered == 0;
  }

  /** What one quote got: "status N", {@value #REFUSED}, or the failure's kind. */
  static String quote(String base) {
    return FaultContext.quoteOnce(base, "c00070000");
  }
}
