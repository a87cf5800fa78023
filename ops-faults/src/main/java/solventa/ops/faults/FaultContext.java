package solventa.ops.faults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.quote.management.BenchSeed;
import solventa.vocabulary.ProviderState;

/**
 * What a fault scenario runs on: one embedded lab at a time (Redis and PostgreSQL behind Toxiproxy,
 * so rows can cut and slow them), started for the node count a scenario asks for, with the quick
 * profile's settings (T = 20 s, the node's start-up warm-up); the row's known customers and their
 * last known values; the console for one line per row.
 */
public final class FaultContext implements AutoCloseable {
  /** The breaker policy every row's nodes run (the count policy, the card's default). */
  static final String POLICY = "count";

  /**
   * Where the rows' customers start (c00070000..): inside the double's universe (c00000000 …
   * c00099999), apart from the protocol's keys (populations from c00001000, never-seen from
   * c00060000) and the node's warm-up misses (c00093000..).
   */
  static final int CUSTOMER_BASE = 70_000;

  /** The rows' customers end before c00090000: offsets stay below this. */
  static final int CUSTOMER_SPAN = 20_000;

  private final Path out;
  private final PrintStream console;
  private final long seed;
  private final ExperimentProfile profile = ExperimentProfile.named("quick");
  private EmbeddedLab lab;
  private int labNodes;
  private int labs;

  FaultContext(Path out, PrintStream console, long seed) {
    this.out = out;
    this.console = console;
    this.seed = seed;
  }

  public Path out() {
    return out;
  }

  public long seed() {
    return seed;
  }

  public ExperimentProfile profile() {
    return profile;
  }

  /** One line on the console. */
  public void say(String format, Object... args) {
    console.printf("faults: " + format + "%n", args);
  }

  /** The running lab (started by {@link #nodes} or {@link #freshNodes}). */
  public EmbeddedLab lab() {
    if (lab == null) {
      throw new IllegalStateException("no lab started yet");
    }
    return lab;
  }

  /**
   * The lab with {@code nodes} quote nodes per group, started (or restarted with that size) with
   * store proxies, every fault cleared: provider healthy, Redis and PostgreSQL reachable.
   */
  private EmbeddedLab lab(int nodes) throws IOException {
    if (lab == null || labNodes != nodes) {
      closeLab();
      labs++;
      Path logs = Files.createDirectories(out.resolve("logs").resolve("lab-" + labs));
      lab = new EmbeddedLab(logs, nodes, true);
      lab.start();
      labNodes = nodes;
    }
    clear();
    return lab;
  }

  /** Every fault removed: the provider healthy, no toxic on the store proxies, both enabled. */
  public void clear() throws IOException {
    lab.control().apply(ProviderState.HEALTHY);
    for (var proxy : List.of(lab.redisProxy(), lab.postgresProxy())) {
      for (var toxic : proxy.toxics().getAll()) {
        toxic.remove();
      }
      proxy.enable();
    }
  }

  /** The running node group of {@code arm} ({@code nodes} nodes), started with an empty Redis. */
  public NodeGroup nodes(BenchArm arm, int nodes) throws IOException {
    return lab(nodes).node(arm, POLICY, profile);
  }

  /** A fresh node group of {@code arm}: the last one stopped, Redis emptied. */
  public NodeGroup freshNodes(BenchArm arm, int nodes) throws IOException {
    return freshNodes(arm, nodes, profile);
  }

  /**
   * As {@link #freshNodes(BenchArm, int)}, its nodes started with {@code nodeProfile}'s settings.
   */
  public NodeGroup freshNodes(BenchArm arm, int nodes, ExperimentProfile nodeProfile)
      throws IOException {
    lab(nodes).stopNode();
    return lab.node(arm, POLICY, nodeProfile);
  }

  /** {@code n} customer ids of the row's known set, from {@code CUSTOMER_BASE + offset}. */
  public static List<String> customers(int offset, int n) {
    if (offset < 0 || n < 0 || offset + n > CUSTOMER_SPAN) {
      throw new IllegalArgumentException(
          "customers " + offset + "+" + n + " leave the rows' span 0.." + CUSTOMER_SPAN);
    }
    List<String> ids = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      ids.add(String.format("c%08d", CUSTOMER_BASE + offset + i));
    }
    return Collections.unmodifiableList(ids);
  }

  /**
   * Stores a fresh last known value for each customer through {@code node} (the bench seed route:
   * the adapter's answer written to Redis), retrying the failed ones; returns how many are stored.
   * A row whose seeding stored none refuses to run (its losses would be zero by construction).
   */
  public int seedValues(NodeProcess node, List<String> customers) throws IOException {
    List<String> left = new ArrayList<>(customers);
    for (int attempt = 0; attempt < 5 && !left.isEmpty(); attempt++) {
      List<String> failed = new ArrayList<>();
      for (int from = 0; from < left.size(); from += 200) {
        List<String> batch = left.subList(from, Math.min(left.size(), from + 200));
        BenchSeed.Answer a = node.seed(batch, Collections.nCopies(batch.size(), 0L));
        failed.addAll(a.failedIds());
      }
      left = failed;
    }
    if (left.size() == customers.size() && !customers.isEmpty()) {
      throw new IOException(
          "none of "
              + customers.size()
              + " customers' values could be stored (first: "
              + customers.get(0)
              + ")");
    }
    return customers.size() - left.size();
  }

  /** A reader of the lab's Redis (directly, not through the nodes' proxy). */
  public LostValues store() {
    return new LostValues(lab.redisUri());
  }

  private void closeLab() {
    if (lab != null) {
      lab.close();
      lab = null;
    }
  }

  @Override
  public void close() {
    closeLab();
  }

  /** What {@link #quoteOnce} answers when the node refused the connection. */
  static final String REFUSED = "connection refused";

  /**
   * One quote for {@code customer} through the node at {@code base}, and what it got: "status N",
   * {@value #REFUSED}, or the failure's kind.
   */
  static String quoteOnce(String base, String customer) {
    try {
      return "status "
          + solventa.ops.lab.Http.post(
                  base + "/v1/quotes", solventa.gatling.QuoteRequests.body(customer, "life"))
              .status();
    } catch (java.net.ConnectException e) {
      return REFUSED;
    } catch (IOException e) {
      return e.getClass().getSimpleName();
    }
  }
}
