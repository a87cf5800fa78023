package solventa.ops.faults;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import solventa.gatling.QuoteRequests;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;

/**
 * The edge's faults, on one node of arm C' with a healthy provider and {@value #CUSTOMERS} known
 * customers: connection exhaustion (idle connections past max-connections), slow clients (a
 * slowloris), hostile HTTP and hostile JSON ({@link EdgeHostile}). The first two run under {@value
 * #RATE} req/s of legit quotes ({@link FaultWindow}); the connections are held by {@link
 * EdgeSockets} and counted on the node's side from the kernel's table ({@link EdgeTcpTable}).
 */
final class EdgeFaults implements FaultScenario {
  static final int RATE = 100;
  static final int CUSTOMERS = 300;
  static final int BEFORE_SEC = 5;
  static final int IDLE_CONNECTIONS = 2_000;
  static final int IDLE_SEC = 15;
  static final int IDLE_AFTER_SEC = 10;
  static final int SLOW_CONNECTIONS = 200;
  static final int SLOW_SEC = 20;
  static final int SLOW_AFTER_SEC = 10;
  static final long DRIP_MS = 500;

  /** How long the flood's connects may take to settle before the fault counts as on. */
  static final long SETTLE_MS = 3_000;

  @Override
  public String name() {
    return "edge";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) throws Exception {
    NodeGroup node = ctx.nodes(BenchArm.C_PRIME, 1);
    List<String> customers = FaultContext.customers(0, CUSTOMERS);
    int seeded = ctx.seedValues(node.first(), customers);
    ctx.say("edge: %d of %d customers' values stored", seeded, CUSTOMERS);
    EdgeSettings settings = EdgeSettings.read();
    List<FaultRow> rows = new ArrayList<>();
    rows.add(exhaustion(ctx, node, customers, settings));
    rows.add(slowClients(ctx, node, customers, settings));
    rows.add(EdgeFlood.run(ctx, node, customers));
    rows.add(EdgeHostile.http(node.first(), customers, settings));
    rows.add(EdgeHostile.json(node.first(), customers, ctx.seed()));
    return rows;
  }

  private static int port(NodeProcess n) {
    return URI.create(n.baseUrl()).getPort();
  }

  /** What a connection row measured around its fault. */
  private record Held(
      EdgeTcpTable.Counts tcpBase,
      EdgeSockets.Report atStart,
      EdgeTcpTable.Counts tcpStart,
      EdgeSockets.Report atEnd,
      EdgeTcpTable.Counts tcpEnd,
      String probe) {}

  /** Runs the load with {@code open} holding connections during the fault; bounded. */
  private static FaultWindow.Outcome held(
      FaultContext ctx,
      NodeGroup node,
      List<String> customers,
      int faultSec,
      int afterSec,
      EdgeSocketsOpener open,
      AtomicReference<Held> held,
      AtomicLong injectMs)
      throws Exception {
    int port = port(node.first());
    AtomicReference<EdgeSockets> sockets = new AtomicReference<>();
    AtomicReference<EdgeSockets.Report> start = new AtomicReference<>();
    AtomicReference<EdgeTcpTable.Counts> tcpStart = new AtomicReference<>();
    AtomicReference<EdgeTcpTable.Counts> tcpBase = new AtomicReference<>();
    return FaultWindow.run(
        node::baseUrls,
        customers,
        RATE,
        BEFORE_SEC,
        faultSec,
        afterSec,
        ctx.seed(),
        () -> {
          injectMs.set(System.currentTimeMillis());
          tcpBase.set(tcp(port));
          EdgeSockets s = open.open(port);
          sockets.set(s);
          long until = System.currentTimeMillis() + SETTLE_MS;
          while (s.report().pending() > 0 && System.currentTimeMillis() < until) {
            Thread.sleep(50);
          }
          start.set(s.report());
          tcpStart.set(tcp(port));
        },
        () -> {
          EdgeSockets s = sockets.get();
          if (s != null) {
            EdgeSockets.Report end = s.report();
            EdgeTcpTable.Counts tcpEnd = tcp(port);
            String probe = probe(port, customers.get(0));
            s.close();
            held.set(new Held(tcpBase.get(), start.get(), tcpStart.get(), end, tcpEnd, probe));
          }
        });
  }

  /** A quote on a fresh connection (a new client arriving now): its answer or how it ended. */
  private static String probe(int port, String customer) {
    try {
      RawHttp.Exchange e =
          RawHttp.exchange(
              port,
              RawHttp.quote(port, QuoteRequests.body(customer, "life"), List.of(), true),
              1,
              EdgeHostile.READ_TIMEOUT_MS,
              false);
      return e.answers().isEmpty()
          ? "no answer within " + e.millis() + " ms (" + e.end() + ")"
          : e.answers().get(0).status() + " in " + e.millis() + " ms";
    } catch (java.io.IOException e) {
      return "connect failed: " + e.getMessage();
    }
  }

  /** Opens a row's connections to a port. */
  private interface EdgeSocketsOpener {
    EdgeSockets open(int port) throws Exception;
  }

  private static EdgeTcpTable.Counts tcp(int port) {
    try {
      return EdgeTcpTable.available() ? EdgeTcpTable.read(port) : null;
    } catch (java.io.IOException | RuntimeException e) {
      return null;
    }
  }

  private static String tcpText(EdgeTcpTable.Counts c, int baseline) {
    return c == null
        ? "kernel table unreadable"
        : String.format(
            Locale.ROOT,
            "node side: %d connections accepted by the node (%d more than before the injection),"
                + " %d waiting in its accept queue, %d handshakes left half-done (SYN_RECV)",
            c.accepted(),
            c.accepted() - baseline,
            c.acceptQueue(),
            c.synReceived());
  }

  /**
   * Row 1: idle connections past max-connections, held under legit load; holds when the legit
   * errors sent during the fault stay within {@link EdgeBounds#exhaustionErrors}, none fails before
   * or after it, and a new client quotes at the fault's end and after it.
   */
  private static FaultRow exhaustion(
      FaultContext ctx, NodeGroup node, List<String> customers, EdgeSettings settings) {
    String fault = "connection exhaustion";
    String injected =
        IDLE_CONNECTIONS
            + " idle TCP connections to the node's HTTP port held "
            + IDLE_SEC
            + " s, then closed, under "
            + RATE
            + " req/s of legit quotes ("
            + settings.describe()
            + ")";
    String expected = EdgeBounds.exhaustionExpected(RATE, IDLE_CONNECTIONS, settings);
    try {
      int port = port(node.first());
      AtomicReference<Held> held = new AtomicReference<>();
      AtomicLong injectMs = new AtomicLong();
      FaultWindow.Outcome o =
          held(
              ctx,
              node,
              customers,
              IDLE_SEC,
              IDLE_AFTER_SEC,
              p -> EdgeSockets.idle(p, IDLE_CONNECTIONS, IDLE_SEC + 30),
              held,
              injectMs);
      EdgeTcpTable.Counts after = tcp(port);
      String probeAfter = probe(port, customers.get(1));
      boolean up = node.first().isAlive() && node.first().ready();
      Held h = held.get();
      FaultRow row =
          connectionRow(
              fault,
              injected,
              expected,
              o,
              injectMs.get(),
              up,
              measuredHeld(h)
                  + "; "
                  + IDLE_AFTER_SEC
                  + " s after the close: "
                  + tcpText(after, h == null || h.tcpBase() == null ? 0 : h.tcpBase().accepted())
                  + ", a new client's quote on a fresh connection: "
                  + probeAfter,
              true);
      String why =
          EdgeBounds.exhaustion(
              duringErrors(o, injectMs.get()),
              EdgeBounds.exhaustionErrors(RATE, IDLE_CONNECTIONS, settings),
              h == null ? "not measured" : h.probe(),
              probeAfter);
      return withCheck(row, why.isEmpty(), why);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  private static String measuredHeld(Held h) {
    if (h == null) {
      return "the connections were not opened";
    }
    int baseline = h.tcpBase() == null ? 0 : h.tcpBase().accepted();
    EdgeSockets.Report s = h.atStart();
    EdgeSockets.Report e = h.atEnd();
    return String.format(
        Locale.ROOT,
        "before the injection the node held %d connections (the legit client's pool); client side"
            + " at the start: %d of %d connected (the client's handshake done), %d connects pending, %d failed %s; %s;"
            + " at the end: %d connected, %d pending, %d closed by the node%s; %s; a new client's"
            + " quote on a fresh connection at the fault's end: %s",
        baseline,
        s.connected(),
        s.attempted(),
        s.pending(),
        s.failedCount(),
        s.failed(),
        tcpText(h.tcpStart(), baseline),
        e.connected(),
        e.pending(),
        e.closedByNode(),
        e.closedByNode() == 0
            ? ""
            : String.format(
                Locale.ROOT,
                " (%.1f–%.1f s after opening)",
                e.closedAfterMinMs() / 1000.0,
                e.closedAfterMaxMs() / 1000.0),
        tcpText(h.tcpEnd(), baseline),
        h.probe());
  }

  /**
   * A connection row: the legit errors split by when they were sent (before the injection began,
   * during the fault, after it); holds when the node is up, nothing failed before, nothing sent
   * after the fault's end failed and (when {@code duringAllowed} is false) nothing failed during.
   */
  private static FaultRow connectionRow(
      String fault,
      String injected,
      String expected,
      FaultWindow.Outcome o,
      long injectMs,
      boolean up,
      String held,
      boolean duringAllowed) {
    FaultLoadResult r = o.load();
    long before = r.count(s -> s.status() != 200 && s.sentMs() < injectMs);
    long during = duringErrors(o, injectMs);
    long after = r.count(s -> s.status() != 200 && s.sentMs() >= o.faultEndMs()) + r.unanswered();
    String measured =
        String.format(
            Locale.ROOT,
            "legit: %s; errors (non-200 or no answer) sent before / during / after the fault:"
                + " %d / %d / %d; %s; node %s; %s",
            r.summary(),
            before,
            during,
            after,
            held,
            up ? "up and ready" : "DOWN or not ready",
            machineLoad());
    boolean holds = up && before == 0 && after == 0 && (duringAllowed || during == 0);
    return new FaultRow(
        fault,
        injected,
        o.faultSec(),
        r.requests(),
        r.errors(),
        null,
        o.recoverSec(),
        expected,
        measured,
        holds);
  }

  /** The legit errors (non-200, or no answer) among the quotes sent during the fault. */
  private static long duringErrors(FaultWindow.Outcome o, long injectMs) {
    return o.load()
        .count(s -> s.status() != 200 && s.sentMs() >= injectMs && s.sentMs() < o.faultEndMs());
  }

  /**
   * Row 2: slow connections dripping a request head a byte every {@value #DRIP_MS} ms; holds when
   * the legit quotes all answer 200, the node stays up and closes every slow connection within its
   * head timeout (plus {@link EdgeBounds#CLOSE_SLACK_MS}) of the opening.
   */
  private static FaultRow slowClients(
      FaultContext ctx, NodeGroup node, List<String> customers, EdgeSettings settings) {
    String fault = "slow clients (slowloris)";
    String injected =
        SLOW_CONNECTIONS
            + " connections each sending a request head one byte every "
            + DRIP_MS
            + " ms for "
            + SLOW_SEC
            + " s, under "
            + RATE
            + " req/s of legit quotes ("
            + settings.describe()
            + ")";
    String expected = EdgeBounds.slowExpected(settings);
    try {
      int port = port(node.first());
      AtomicReference<Held> held = new AtomicReference<>();
      AtomicLong injectMs = new AtomicLong();
      byte[] head = EdgeSockets.slowHead(port);
      FaultWindow.Outcome o =
          held(
              ctx,
              node,
              customers,
              SLOW_SEC,
              SLOW_AFTER_SEC,
              p -> EdgeSockets.slow(p, SLOW_CONNECTIONS, head, DRIP_MS, SLOW_SEC + 30),
              held,
              injectMs);
      boolean up = node.first().isAlive() && node.first().ready();
      Held h = held.get();
      String text =
          measuredHeld(h)
              + (h == null
                  ? ""
                  : String.format(Locale.ROOT, "; %d bytes dripped", h.atEnd().bytesSent()));
      FaultRow row = connectionRow(fault, injected, expected, o, injectMs.get(), up, text, false);
      String why =
          h == null
              ? "the slow connections were not opened"
              : EdgeBounds.slowClosed(h.atStart(), h.atEnd(), settings.headTimeoutMs());
      return withCheck(row, why.isEmpty(), why);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  /** {@code row}, holding only if {@code ok} too; {@code whyNot} appended when not. */
  private static FaultRow withCheck(FaultRow row, boolean ok, String whyNot) {
    return new FaultRow(
        row.fault(),
        row.injected(),
        row.faultSec(),
        row.requests(),
        row.errors(),
        row.lostValues(),
        row.recoverSec(),
        row.expected(),
        row.measured() + (ok ? "" : "; " + whyNot),
        row.holds() && ok);
  }

  /** The machine's load average over the last minute and its processors, as /proc/loadavg says. */
  static String machineLoad() {
    try {
      String first =
          java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
      return "machine load average "
          + first
          + " on "
          + Runtime.getRuntime().availableProcessors()
          + " processors (other lab runs share it)";
    } catch (java.io.IOException | RuntimeException e) {
      return "machine load unreadable";
    }
  }
}
