package solventa.ops.faults;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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
    rows.add(EdgeHostile.http(node.first(), customers));
    rows.add(EdgeHostile.json(node.first(), customers, ctx.seed()));
    return rows;
  }

  private static int port(NodeProcess n) {
    return URI.create(n.baseUrl()).getPort();
  }

  /** What a connection row measured around its fault. */
  private record Held(
      EdgeSockets.Report atStart,
      EdgeTcpTable.Counts tcpStart,
      EdgeSockets.Report atEnd,
      EdgeTcpTable.Counts tcpEnd) {}

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
            s.close();
            held.set(new Held(start.get(), tcpStart.get(), end, tcpEnd));
          }
        });
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
            "node side: %d accepted by the node (%d beyond the legit load's), %d waiting in its"
                + " accept queue",
            c.accepted(),
            Math.max(0, c.accepted() - baseline),
            c.acceptQueue());
  }

  /** Row 1: idle connections past max-connections, held under legit load. */
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
    String expected =
        "the node stays up; legit errors only while exhausted (counted); after the idle"
            + " connections go, every quote a 200";
    try {
      int port = port(node.first());
      EdgeTcpTable.Counts base = tcp(port);
      int baseline = base == null ? 0 : base.accepted();
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
      boolean up = node.first().isAlive() && node.first().ready();
      Held h = held.get();
      return connectionRow(
          fault,
          injected,
          expected,
          o,
          injectMs.get(),
          up,
          measuredHeld(h, baseline) + "; after the close: " + tcpText(after, 0),
          true);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  private static String measuredHeld(Held h, int baseline) {
    if (h == null) {
      return "the connections were not opened";
    }
    EdgeSockets.Report s = h.atStart();
    EdgeSockets.Report e = h.atEnd();
    return String.format(
        Locale.ROOT,
        "client side at the start: %d of %d connected, %d connects pending, %d failed %s; %s;"
            + " at the end: %d connected, %d pending, %d closed by the node%s; %s",
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
        tcpText(h.tcpEnd(), baseline));
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
    FaultLoad.Result r = o.load();
    long before = r.count(s -> s.status() != 200 && s.sentMs() < injectMs);
    long during =
        r.count(s -> s.status() != 200 && s.sentMs() >= injectMs && s.sentMs() < o.faultEndMs());
    long after = r.count(s -> s.status() != 200 && s.sentMs() >= o.faultEndMs()) + r.unanswered();
    String measured =
        String.format(
            Locale.ROOT,
            "legit: %s; errors (non-200 or no answer) sent before / during / after the fault:"
                + " %d / %d / %d; %s; node %s",
            r.summary(),
            before,
            during,
            after,
            held,
            up ? "up and ready" : "DOWN or not ready");
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

  /**
   * Row 2: slow connections dripping a request head a byte every {@value #DRIP_MS} ms; holds when
   * the legit quotes all answer 200, the node stays up and closes every slow connection by a
   * timeout within the fault.
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
    String expected =
        "legit quotes keep answering 200; the slow connections closed by a timeout; the node"
            + " stays up";
    try {
      int port = port(node.first());
      EdgeTcpTable.Counts base = tcp(port);
      int baseline = base == null ? 0 : base.accepted();
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
          measuredHeld(h, baseline)
              + (h == null
                  ? ""
                  : String.format(Locale.ROOT, "; %d bytes dripped", h.atEnd().bytesSent()));
      FaultRow row = connectionRow(fault, injected, expected, o, injectMs.get(), up, text, false);
      boolean allClosed =
          h != null
              && h.atEnd().closedByNode() >= h.atStart().connected()
              && h.atStart().connected() > 0;
      return new FaultRow(
          row.fault(),
          row.injected(),
          row.faultSec(),
          row.requests(),
          row.errors(),
          row.lostValues(),
          row.recoverSec(),
          row.expected(),
          row.measured()
              + (allClosed
                  ? ""
                  : "; not every slow connection was closed by the node within the fault"),
          row.holds() && allClosed);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }
}
