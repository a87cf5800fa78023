package solventa.ops.lab;

import eu.rekawek.toxiproxy.Proxy;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.lab.FreePort;
import solventa.lab.LabException;
import solventa.lab.LabToken;
import solventa.lab.ManagedProcess;
import solventa.lab.PostgresServer;
import solventa.lab.RedisServerProcess;
import solventa.lab.ToxiproxyServer;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.providerdouble.control.ProviderStateControl;

/**
 * The experiment's lab on loopback: Redis, PostgreSQL and Toxiproxy as native processes, the
 * provider double and the quote nodes each as their own JVM with a fixed heap, all logging to files
 * under the experiment folder. A failed start names the component and its log and stops what was
 * already started. The quote nodes (one, or an N-node cluster: {@link NodeGroup}) are restarted
 * (with an empty Redis) when the arm or the breaker policy changes; everything else lives for the
 * whole experiment.
 */
public final class EmbeddedLab implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedLab.class);

  /** The double's seed: same seed, same latency sequence and customer data in every run. */
  public static final long DOUBLE_SEED = 42;

  private final Path logs;
  private final List<AutoCloseable> started = new ArrayList<>();
  private RedisServerProcess redis;
  private PostgresServer postgres;
  private ToxiproxyServer toxiproxy;
  private ManagedProcess doubleJvm;
  private int doublePort;
  private Proxy proxy;
  private ProviderStateControl control;
  private final int nodes;
  private final List<NodeProcess> nodeProcesses = new ArrayList<>();
  private NodeGroup node;
  private final boolean storeProxies;
  private final long doubleSeed;
  private Proxy redisProxy;
  private Proxy postgresProxy;

  public EmbeddedLab(Path logs) {
    this(logs, 1);
  }

  /** A lab whose quote nodes form an {@code nodes}-node cluster (1: the single node). */
  public EmbeddedLab(Path logs, int nodes) {
    this(logs, nodes, false);
  }

  /**
   * A lab whose nodes reach Redis and PostgreSQL through Toxiproxy when {@code storeProxies} is on
   * (the fault matrix cuts and slows them: {@link #redisProxy()}, {@link #postgresProxy()}); the
   * experiment's nodes reach them directly.
   */
  public EmbeddedLab(Path logs, int nodes, boolean storeProxies) {
    this(logs, nodes, storeProxies, DOUBLE_SEED);
  }

  /** As above, with the double's seed: its latency sequence and customer data follow it. */
  public EmbeddedLab(Path logs, int nodes, boolean storeProxies, long doubleSeed) {
    this.logs = logs;
    this.nodes = nodes;
    this.storeProxies = storeProxies;
    this.doubleSeed = doubleSeed;
  }

  /** How many quote nodes each arm's cluster has. */
  int nodes() {
    return nodes;
  }

  public void start() {
    try {
      redis = step("redis", RedisServerProcess::start);
      postgres = step("postgresql", PostgresServer::start);
      toxiproxy = step("toxiproxy", ToxiproxyServer::start);
      doublePort = FreePort.find();
      Path doubleLog = logs.resolve("provider-double.log");
      doubleJvm =
          step(
              "provider-double",
              () ->
                  JvmLauncher.start(
                      "provider-double",
                      "provider-double",
                      "solventa.providerdouble.server.Main",
                      "256m",
                      1,
                      List.of(),
                      List.of("port=" + doublePort, "seed=" + doubleSeed),
                      doubleLog,
                      java.util.Map.of()));
      doubleJvm.awaitReady(
          () -> Http.ok("http://127.0.0.1:" + doublePort + "/admin/state"), Duration.ofSeconds(60));
      proxy = toxiproxy.createProxy("provider", doublePort);
      control =
          new ProviderStateControl(
              URI.create("http://127.0.0.1:" + doublePort), proxy, LabToken.value());
      if (storeProxies) {
        redisProxy = toxiproxy.createProxy("redis", redis.port());
        postgresProxy = toxiproxy.createProxy("postgresql", postgres.port());
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private interface Starter<T> {
    public T start();
  }

  private <T extends AutoCloseable> T step(String name, Starter<T> starter) {
    log.info("starting {}", name);
    try {
      T t = starter.start();
      started.add(t);
      return t;
    } catch (LabException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new LabException(name + " failed to start (logs in " + logs + ")", e);
    }
  }

  /** What a node started against this lab connects to. */
  NodeProcess.Backends backends() {
    if (storeProxies) {
      return new NodeProcess.Backends(
          "redis://127.0.0.1:" + ToxiproxyServer.listenPort(redisProxy),
          proxyPort(),
          "jdbc:postgresql://127.0.0.1:" + ToxiproxyServer.listenPort(postgresProxy) + "/postgres",
          postgres.user(),
          postgres.password());
    }
    return new NodeProcess.Backends(
        redis.uri(), proxyPort(), postgres.jdbcUrl(), postgres.user(), postgres.password());
  }

  /** The Toxiproxy proxy in front of Redis (a lab started with store proxies), else null. */
  public Proxy redisProxy() {
    return redisProxy;
  }

  /** The Toxiproxy proxy in front of PostgreSQL (a lab started with store proxies), else null. */
  public Proxy postgresProxy() {
    return postgresProxy;
  }

  public ProviderStateControl control() {
    return control;
  }

  public int doublePort() {
    return doublePort;
  }

  int toxiproxyPort() {
    return toxiproxy.port();
  }

  /** A new Toxiproxy proxy {@code name} on a free port, forwarding to {@code upstreamPort}. */
  public Proxy createProxy(String name, int upstreamPort) {
    return toxiproxy.createProxy(name, upstreamPort);
  }

  /** Removes the Toxiproxy proxy {@code name} if it exists. */
  public void deleteProxy(String name) {
    try {
      Proxy p = toxiproxy.client().getProxyOrNull(name);
      if (p != null) {
        p.delete();
      }
    } catch (java.io.IOException e) {
      log.warn("deleting proxy {}: {}", name, e.toString());
    }
  }

  /** The Toxiproxy listener in front of the double: what the nodes' adapters call. */
  public int proxyPort() {
    return ToxiproxyServer.listenPort(proxy);
  }

  /** The lab's Redis, as a {@code redis://} URI. */
  public String redisUri() {
    return redis.uri();
  }

  /** Stops the lab's Redis (SIGTERM: Redis syncs its append-only file, if on, and exits). */
  public void stopRedis() {
    redis.stop();
  }

  /** Whether the lab's Redis is running (a row that stopped it checks it is back). */
  public boolean redisRunning() {
    return redis.isRunning();
  }

  /**
   * Starts the lab's stopped Redis again on its port and data directory: with {@code appendOnly} it
   * loads the append-only file its last run wrote, without it starts empty.
   */
  public void startRedisAgain(boolean appendOnly) {
    redis.startAgain(appendOnly);
  }

  /**
   * The running nodes, (re)started for {@code arm} and {@code policy} with an empty cache: a
   * cluster of {@link #nodes()} nodes, each ready and every member Up.
   */
  public NodeGroup node(BenchArm arm, String policy, ExperimentProfile profile) {
    if (node != null && node.arm() == arm && node.policy().equals(policy)) {
      return node;
    }
    stopNode();
    redis.restart();
    // N JVMs start at once on a machine that may have 2 cores: a longer bound than one node's
    Duration ready = Duration.ofSeconds(nodes == 1 ? 120 : 300);
    node = NodeGroup.start(arm, policy, profile, backends(), logs, nodes, ready, nodeProcesses);
    return node;
  }

  /**
   * Starts one more node for the running cluster ({@link #node}'s arm and policy) and returns it
   * without waiting: it joins through the cluster's seed, and sharding hands it shards once it is
   * Up. {@link #stopNode} stops it with the others.
   */
  public NodeProcess joinNode(ExperimentProfile profile, String logSuffix) {
    if (node == null) {
      throw new IllegalStateException("no cluster is running to join");
    }
    return joinNode(profile, logSuffix, node.first().remotePort());
  }

  /**
   * As {@link #joinNode(ExperimentProfile, String)}, joining through the member whose Artery port
   * is {@code seedPort} (a live one: the first node may be the one restarted).
   */
  public NodeProcess joinNode(ExperimentProfile profile, String logSuffix, int seedPort) {
    return joinNode(profile, logSuffix, seedPort, FreePort.find(), List.of());
  }

  /**
   * As {@link #joinNode(ExperimentProfile, String, int)}, advertising Artery port {@code remote}
   * and with {@code extraProps} ({@code -Dkey=value}) added to the node's JVM (e.g. {@code
   * pekko.remote.artery.bind.port}: the node binds one port and advertises another).
   */
  public NodeProcess joinNode(
      ExperimentProfile profile,
      String logSuffix,
      int seedPort,
      int remote,
      List<String> extraProps) {
    if (node == null) {
      throw new IllegalStateException("no cluster is running to join");
    }
    NodeProcess joined =
        NodeProcess.launch(
            node.arm(),
            node.policy(),
            profile,
            backends(),
            logs.resolve(NodeProcess.logName(node.arm(), node.policy(), logSuffix)),
            remote,
            seedPort,
            extraProps);
    synchronized (nodeProcesses) {
      nodeProcesses.add(joined);
    }
    return joined;
  }

  /**
   * The stack the running nodes' first member reports ({@code GET /quote/stack}), or why it is
   * missing.
   */
  public java.util.Map<String, String> nodeStack() {
    if (node == null) {
      return java.util.Map.of("node stack", "missing (no node running)");
    }
    try {
      return node.first().stack();
    } catch (java.io.IOException e) {
      return java.util.Map.of("node stack", "missing (GET /quote/stack failed: " + e + ")");
    }
  }

  /** Forces the next {@link #node} call to start a fresh node. */
  public void stopNode() {
    if (node != null) {
      node.close();
      node = null;
    }
    synchronized (nodeProcesses) {
      nodeProcesses.forEach(NodeProcess::close); // any left by a start that was interrupted
      nodeProcesses.clear();
    }
  }

  RedisServerProcess redis() {
    return redis;
  }

  PostgresServer postgres() {
    return postgres;
  }

  @Override
  public void close() {
    stopNode();
    for (int i = started.size() - 1; i >= 0; i--) {
      try {
        started.get(i).close();
      } catch (Exception e) {
        log.warn("stopping lab component: {}", e.toString());
      }
    }
    started.clear();
  }
}
