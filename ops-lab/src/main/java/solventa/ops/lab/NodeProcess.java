package solventa.ops.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.lab.FreePort;
import solventa.lab.ManagedProcess;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.quote.management.BenchSeed;
import solventa.quote.stats.StatsSnapshot;

/**
 * A quote node JVM started by the runner, and the runner's view of its HTTP and management APIs.
 */
public final class NodeProcess implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(NodeProcess.class);

  /** Node heap: fixed, identical for every arm. */
  public static final String HEAP = "512m";

  private final BenchArm arm;
  private final String policy;
  private final ManagedProcess process;
  private final int httpPort;
  private final int managementPort;
  private final int remotePort;
  private final int prometheusPort;

  private NodeProcess(
      BenchArm arm,
      String policy,
      ManagedProcess process,
      int httpPort,
      int managementPort,
      int remotePort,
      int prometheusPort) {
    this.arm = arm;
    this.policy = policy;
    this.process = process;
    this.httpPort = httpPort;
    this.managementPort = managementPort;
    this.remotePort = remotePort;
    this.prometheusPort = prometheusPort;
  }

  /**
   * What a node connects to: the lab's Redis, the Toxiproxy listener in front of the double, and
   * PostgreSQL (the rating rules).
   */
  public record Backends(
      String redisUri, int proxyPort, String jdbcUrl, String dbUser, String dbPassword) {}

  static String logName(BenchArm arm, String policy, String suffix) {
    return "quote-node-"
        + arm.tag()
        + "-"
        + policy
        + suffix
        + "-"
        + System.currentTimeMillis()
        + ".log";
  }

  /**
   * Starts a node JVM that joins the cluster whose seed listens on {@code seedPort} (its own {@code
   * remote} port for the first node) without waiting for it: call {@link #awaitReady}.
   */
  static NodeProcess launch(
      BenchArm arm,
      String policy,
      ExperimentProfile profile,
      Backends lab,
      Path log,
      int remote,
      int seedPort) {
    return launch(arm, policy, profile, lab, log, remote, seedPort, List.of());
  }

  /**
   * As {@link #launch(BenchArm, String, ExperimentProfile, Backends, Path, int, int)}, with {@code
   * extraProps} ({@code -Dkey=value}) added last (e.g. an Artery bind port apart from the
   * advertised one).
   */
  static NodeProcess launch(
      BenchArm arm,
      String policy,
      ExperimentProfile profile,
      Backends lab,
      Path log,
      int remote,
      int seedPort,
      List<String> extraProps) {
    int http = FreePort.find();
    int mgmt = FreePort.find();
    int prometheus = FreePort.find();
    String tag = arm.tag() + "-" + policy;
    List<String> props = new ArrayList<>();
    arm.nodeSettings().forEach((key, value) -> props.add("-D" + key + "=" + value));
    props.add("-Dquote.http.port=" + http);
    props.add("-Dpekko.management.http.port=" + mgmt);
    props.add("-Dpekko.remote.artery.canonical.port=" + remote);
    props.add("-Dpekko.cluster.seed-nodes.0=pekko://quote@127.0.0.1:" + seedPort);
    props.add("-Dkamon.prometheus.embedded-server.port=" + prometheus);
    props.add("-Dquote.redis.uri=" + lab.redisUri());
    props.add("-Dof-adapter.providers.ofb.base-url=http://127.0.0.1:" + lab.proxyPort());
    props.add("-Dof-adapter.providers.ofb.breaker.policy=" + policy);
    // the rate policy as the report states it: able to act at the low traffic (HD-01.6)
    props.add(
        "-Dof-adapter.providers.ofb.breaker.window=" + profile.ratePolicy().windowSec() + "s");
    props.add(
        "-Dof-adapter.providers.ofb.breaker.minimum-calls=" + profile.ratePolicy().minCalls());
    props.add(
        "-Dof-adapter.providers.ofb.breaker.failure-rate-threshold="
            + profile.ratePolicy().thresholdPct());
    props.add("-Dof-adapter.providers.ofb.breaker.consecutive-failures=" + profile.countPolicyN());
    // the policy steps set their breaker at their change, from an empty window: a runner-only route
    props.add("-Dof-adapter.management.allow-force=true");
    props.add("-Drating.jdbc-url=" + lab.jdbcUrl());
    props.add("-Drating.user=" + lab.dbUser());
    props.add("-Dquote.stats.reset-enabled=true");
    // the node's token-guarded routes (stats, seed, breaker); Pekko's cluster membership changes
    // stay off whatever this says (ClusterReadRoutes)
    props.add("-Dpekko.management.http.route-providers-read-only=false");
    // T, a protocol parameter: known customers' values expire during the steps, so the cache ages
    props.add("-Dquote.refresh-after=" + profile.refreshAfterSec() + "s");
    props.add("-Dquote.warmup.quotes=" + profile.nodeWarmupQuotes());
    props.add("-Dquote.log.file=" + log.toString().replace(".log", ".app.log"));
    // profiling hook, e.g.
    // -Dlab.node.jvm-options=-XX:StartFlightRecording=dumponexit=true,filename=DIR
    String extra = System.getProperty("lab.node.jvm-options", "").trim();
    if (!extra.isEmpty()) {
      props.addAll(List.of(extra.split("\\s+")));
    }
    props.addAll(extraProps);
    ManagedProcess p =
        JvmLauncher.start(
            "quote-node(" + tag + ")",
            "quote-node",
            "solventa.quote.node.Main",
            HEAP,
            2,
            props,
            List.of(),
            log,
            // a secret goes in the environment, never on the command line (rating.conf reads it)
            Map.of("RATING_DB_PASSWORD", lab.dbPassword()));
    return new NodeProcess(arm, policy, p, http, mgmt, remote, prometheus);
  }

  /** Waits (bounded) until the node answers {@code GET /ready}: it is an Up cluster member. */
  public void awaitReady(Duration timeout) {
    process.awaitReady(() -> Http.ok(baseUrl() + "/ready"), timeout);
  }

  BenchArm arm() {
    return arm;
  }

  String policy() {
    return policy;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + httpPort;
  }

  public String managementUrl() {
    return "http://127.0.0.1:" + managementPort;
  }

  /**
   * The stack the node runs ({@code GET /quote/stack}: dispatcher, HTTP server, scheduler and tick,
   * Kamon, JVM flags), as the node describes itself.
   */
  public java.util.Map<String, String> stack() throws IOException {
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
    Http.json(managementUrl() + "/quote/stack")
        .fields()
        .forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
    return m;
  }

  /** The node's stats ({@code GET /quote/stats}), read with the type the node writes them with. */
  public StatsSnapshot snapshot() throws IOException {
    return snapshot(managementUrl());
  }

  /** The stats of the node whose management API is at {@code managementUrl}. */
  public static StatsSnapshot snapshot(String managementUrl) throws IOException {
    return StatsSnapshot.parse(Http.json(managementUrl + "/quote/stats"));
  }

  public NodeStats stats() throws IOException {
    return NodeStats.of(snapshot());
  }

  public void resetStats() throws IOException {
    Http.Reply r = Http.postAdmin(managementUrl() + "/quote/stats/reset", "{}");
    if (r.status() / 100 != 2) {
      throw new IOException("stats reset answered " + r.status() + ": " + r.body());
    }
  }

  /** The node's own latency since the previous call (count, p99, max); starts a new interval. */
  public StatsSnapshot.Interval interval() throws IOException {
    Http.Reply r = Http.postAdmin(managementUrl() + "/quote/stats/interval", "{}");
    if (r.status() / 100 != 2) {
      throw new IOException("stats interval answered " + r.status() + ": " + r.body());
    }
    return StatsSnapshot.Interval.parse(r.body());
  }

  /** Bench only: stores the given customers' profiles with backdated fetch times (ages in ms). */
  public BenchSeed.Answer seed(List<String> customers, List<Long> agesMs) throws IOException {
    List<BenchSeed.Customer> each = new ArrayList<>();
    for (int i = 0; i < customers.size(); i++) {
      each.add(new BenchSeed.Customer(customers.get(i), agesMs.get(i)));
    }
    String body = Http.JSON.writeValueAsString(new BenchSeed.Request(each));
    return seedAnswer(customers, Http.postAdmin(managementUrl() + "/quote/bench/seed", body));
  }

  /**
   * A seed reply read: a 2xx is the node's own answer; a 5xx (the node could not take the batch
   * now: overloaded, stopping) counts every customer of the batch as failed, so the runner's next
   * seeding round sends them again instead of the experiment stopping; anything else (a refused
   * token, a malformed request) is a runner bug and throws.
   */
  static BenchSeed.Answer seedAnswer(List<String> customers, Http.Reply r) throws IOException {
    if (r.status() / 100 == 5) {
      log.warn(
          "seed answered {} for a batch of {}: counted as failed", r.status(), customers.size());
      return new BenchSeed.Answer(0, customers.size(), List.copyOf(customers));
    }
    if (r.status() / 100 != 2) {
      throw new IOException("seed answered " + r.status() + ": " + r.body());
    }
    return Http.JSON.readValue(r.body(), BenchSeed.Answer.class);
  }

  /** The adapter's breaker view: {@code GET /of-adapter/providers/ofb}. */
  public JsonNode breaker() throws IOException {
    return Http.json(managementUrl() + "/of-adapter/providers/ofb");
  }

  /**
   * Replaces the adapter's breaker with a fresh closed one at {@code setting} (empty window),
   * through the node's runner-only {@code POST /of-adapter/providers/ofb/breaker}; answers the
   * breaker view after the change. A fresh window, so that an opening counts only the failures of
   * the step that measures it.
   *
   * @throws IOException when the node refuses it or the view does not show the setting
   */
  public JsonNode setBreaker(solventa.ops.protocol.BreakerSetting setting) throws IOException {
    Http.Reply r =
        Http.postAdmin(
            managementUrl() + "/of-adapter/providers/ofb/breaker?" + setting.query(), "");
    if (r.status() / 100 != 2) {
      throw new IOException(
          "breaker setting " + setting.label() + " answered " + r.status() + ": " + r.body());
    }
    JsonNode view = Http.JSON.readTree(r.body());
    String field =
        setting.family().equals(solventa.ops.protocol.BreakerSetting.COUNT)
            ? "consecutiveFailures"
            : "minimumCalls";
    if (!setting.family().equals(view.path("policy").asText())
        || view.path(field).asInt() != setting.value()) {
      throw new IOException("breaker setting " + setting.label() + " not in effect: " + r.body());
    }
    return view;
  }

  public Http.Reply quote(String customerId, String lineOfBusiness) throws IOException {
    return Http.post(
        baseUrl() + "/v1/quotes", solventa.gatling.QuoteRequests.body(customerId, lineOfBusiness));
  }

  /** {@link #quote} without waiting: the answer when it comes. */
  public java.util.concurrent.CompletableFuture<Http.Reply> quoteAsync(
      String customerId, String lineOfBusiness) {
    return Http.postAsync(
        baseUrl() + "/v1/quotes", solventa.gatling.QuoteRequests.body(customerId, lineOfBusiness));
  }

  public int remotePort() {
    return remotePort;
  }

  String prometheusUrl() {
    return "http://127.0.0.1:" + prometheusPort + "/metrics";
  }

  /** Whether the node answers {@code GET /ready} with 200 now. */
  public boolean ready() {
    return Http.ok(baseUrl() + "/ready");
  }

  /**
   * The customer-profile shards this node hosts now and their entities ({@code GET
   * /cluster/shards/CustomerProfile}), as {shards, entities}; null when unreadable.
   */
  public int[] hostedShards() {
    try {
      JsonNode regions =
          Http.json(managementUrl() + "/cluster/shards/CustomerProfile").path("regions");
      int entities = 0;
      for (JsonNode r : regions) {
        entities += r.path("numEntities").asInt();
      }
      return new int[] {regions.size(), entities};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The node's operating-system process id. */
  public long pid() {
    return process.pid();
  }

  /** How many members this node sees Up ({@code GET /cluster/members}); -1 when unreadable. */
  int upMembers() {
    try {
      int up = 0;
      for (JsonNode m : Http.json(managementUrl() + "/cluster/members").path("members")) {
        if (m.path("status").asText().equals("Up")) {
          up++;
        }
      }
      return up;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The node's log file (its JVM's stdout and stderr). */
  public Path logFile() {
    return process.logFile();
  }

  /** Whether the node's JVM is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: the node dies at once, without its graceful stop (a crash, an OOM kill). */
  public void kill() {
    ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
  }

  @Override
  public void close() {
    process.close();
  }
}
