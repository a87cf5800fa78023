package solventa.ops.faults;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.results.ResultsFolder;
import solventa.vocabulary.ProviderState;

/**
 * {@code bin/lab faults --soak DURATION}: the card's {@value #RATE} req/s of arm C' on a {@value
 * #NODES}-node cluster for the soak's length, over {@value #CUSTOMERS} known customers, while the
 * provider walks the card's six states, {@value SoakPlan#STATE_SEC} s each ({@link SoakPlan}); a
 * third of the way in Redis is restarted (append-only file on, as compose runs it), two thirds of
 * the way in the cluster is restarted node by node under load ({@link ClusterRolling}). Each minute
 * it samples ({@link SoakSampler}) the nodes' heap after GC, threads, file descriptors, active
 * entities and adapter pools, and Redis's memory; it fails when a trend grows ({@link SoakTrend})
 * or a known customer's value is lost. Writes {@code soak.md} and {@code soak.json}.
 */
public final class Soak {
  static final int RATE = 200;
  static final int NODES = ClusterFaults.NODES;
  static final int CUSTOMERS = 300;
  static final int CUSTOMER_OFFSET = 15_000;
  static final int REDIS_DOWN_SEC = 5;
  static final int RECOVERY_WINDOW_SEC = 30;
  static final int AFTER_ROLL_SEC = 30;

  /** A node's live threads the soak allows, each (the node runs well under a hundred). */
  static final int THREADS_PER_NODE = 1_000;

  private Soak() {}

  /** What a soak measured and whether it holds. */
  record Result(
      SoakPlan plan,
      List<SoakSample> samples,
      List<SoakTrend> trends,
      List<SoakPlan.Window> skipped,
      List<String> events,
      int valuesBefore,
      long lost,
      String load,
      List<String> failures) {
    boolean holds() {
      return failures.isEmpty();
    }
  }

  /** Refuses a length a soak cannot run, naming it ({@link SoakPlan#parse}). */
  public static void check(String length) {
    SoakPlan.parse(length);
  }

  /**
   * Runs a soak of {@code plan}'s length on an embedded lab in {@code out} and writes its report
   * there; returns whether it holds.
   */
  public static boolean run(Path out, String length, String commit, long seed, PrintStream console)
      throws Exception {
    SoakPlan plan = SoakPlan.parse(length);
    Files.createDirectories(out);
    Result r;
    try (FaultContext ctx = new FaultContext(out, console, seed)) {
      r = soak(ctx, plan);
    }
    List<String> charts = SoakCharts.write(out, r.samples(), r.trends(), r.skipped());
    String md = report(r, commit, charts);
    Files.writeString(out.resolve("soak.md"), md, StandardCharsets.UTF_8);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("commit", commit);
    json.put("lengthSec", r.plan().length().toSeconds());
    json.put("samples", r.samples());
    List<Map<String, Object>> trends = new ArrayList<>();
    for (SoakTrend t : r.trends()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("trend", t);
      m.put("verdict", t.judge());
      trends.add(m);
    }
    json.put("trends", trends);
    json.put("events", r.events());
    json.put("valuesBefore", r.valuesBefore());
    json.put("lost", r.lost());
    json.put("load", r.load());
    json.put("failures", r.failures());
    json.put("holds", r.holds());
    ResultsFolder.JSON.writeValue(out.resolve("soak.json").toFile(), json);
    console.println("soak: " + (r.holds() ? "holds" : "FAILS: " + String.join("; ", r.failures())));
    return r.holds();
  }

  static Result soak(FaultContext ctx, SoakPlan plan) throws Exception {
    List<String> customers = FaultContext.customers(CUSTOMER_OFFSET, CUSTOMERS);
    NodeGroup group = ClusterFaults.freshCluster(ctx, "soak", customers);
    Map<String, Instant> before;
    try (LostValues store = ctx.store()) {
      store.appendOnly(true); // a restart keeps what Redis held, as compose runs it
      before = store.read(customers);
    }
    List<NodeProcess> live = new CopyOnWriteArrayList<>(group.members());
    List<SoakSample> samples = Collections.synchronizedList(new ArrayList<>());
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, Soak::daemon);
    String load;
    List<SoakPlan.Window> skipped = new ArrayList<>();
    skipped.add(SoakPlan.Window.after(0));
    try (ReadyRotation rotation = new ReadyRotation(live)) {
      int maxSec =
          (int) plan.length().toSeconds()
              + NODES * (ClusterFaults.READY_MAX_SEC + 30)
              + AFTER_ROLL_SEC;
      FaultLoad quotes = FaultLoad.openLong(RATE, rotation::urls, customers, ctx.seed(), maxSec);
      long t0 = quotes.startMs();
      SoakSampler sampler = new SoakSampler(ctx, live, t0);
      timers.scheduleAtFixedRate(
          () -> sampled(ctx, sampler, samples), 0, SoakPlan.SAMPLE_SEC, TimeUnit.SECONDS);
      timers.scheduleAtFixedRate(
          () -> provider(ctx, t0, events), 0, SoakPlan.STATE_SEC, TimeUnit.SECONDS);
      FaultWindow.sleepUntil(t0 + plan.redisRestartSec() * 1000);
      skipped.add(SoakPlan.Window.after(minutes(t0)));
      restartRedis(ctx, t0, events);
      FaultWindow.sleepUntil(t0 + plan.rollSec() * 1000);
      double rollFrom = minutes(t0);
      roll(ctx, live, rotation, t0, events);
      skipped.add(new SoakPlan.Window(rollFrom, minutes(t0) + SoakPlan.SETTLE_MIN));
      FaultWindow.sleepUntil(
          Math.max(
              t0 + plan.length().toMillis(), System.currentTimeMillis() + AFTER_ROLL_SEC * 1000L));
      quotes.stop();
      shutdown(timers);
      sampled(ctx, sampler, samples); // the last minute's readings, at the load's end
      FaultLoadResult r = quotes.await();
      load = r.summary();
    } finally {
      shutdown(timers);
      ctx.lab().control().apply(ProviderState.HEALTHY);
    }
    long lost;
    try (LostValues store = ctx.store()) {
      lost = LostValues.lost(before, store.read(customers));
    }
    List<SoakTrend> trends = SoakSampler.trends(List.copyOf(samples), skipped);
    events.add(0, "trends skip the minutes " + skipped);
    List<String> failures = new ArrayList<>();
    for (SoakTrend t : trends) {
      if (t.judge().fails()) {
        failures.add(t.name() + " grows past its limit");
      }
    }
    if (samples.size() < 3) {
      failures.add("fewer than 3 samples (" + samples.size() + ")");
    }
    if (lost > 0 || before.size() < CUSTOMERS) {
      failures.add(lost + " of " + before.size() + " known values lost");
    }
    return new Result(
        plan,
        List.copyOf(samples),
        trends,
        List.copyOf(skipped),
        List.copyOf(events),
        before.size(),
        lost,
        load,
        failures);
  }

  private static void sampled(FaultContext ctx, SoakSampler sampler, List<SoakSample> samples) {
    SoakSample s = sampler.sample();
    samples.add(s);
    ctx.say("soak: %s", SoakSampler.line(s));
  }

  /** The state of the minute now begun, the card's six in turn. */
  private static void provider(FaultContext ctx, long t0, List<String> events) {
    long second = (System.currentTimeMillis() - t0 + 500) / 1000;
    ProviderState state = SoakPlan.stateAt(second);
    try {
      ctx.lab().control().apply(state, Duration.ofSeconds(RECOVERY_WINDOW_SEC));
      events.add(at(t0) + " provider " + state);
    } catch (RuntimeException e) {
      events.add(at(t0) + " provider " + state + " not applied: " + e.getMessage());
    }
  }

  /** Redis stopped (SIGTERM: it writes its append-only file) and started again on its data. */
  private static void restartRedis(FaultContext ctx, long t0, List<String> events)
      throws InterruptedException {
    events.add(at(t0) + " Redis stopped");
    ctx.say("soak: Redis stopped");
    ctx.lab().stopRedis();
    Thread.sleep(REDIS_DOWN_SEC * 1000L);
    ctx.lab().startRedisAgain(true);
    events.add(at(t0) + " Redis started again (append-only file on)");
  }

  /** Each node in turn, the oldest last: graceful stop, a replacement, ready (bounded). */
  private static void roll(
      FaultContext ctx,
      List<NodeProcess> live,
      ReadyRotation rotation,
      long t0,
      List<String> events)
      throws InterruptedException {
    events.add(at(t0) + " rolling restart begins");
    List<NodeProcess> order = ClusterRolling.order(new ArrayList<>(live));
    for (int i = 0; i < order.size(); i++) {
      ClusterRolling.Step s = ClusterRolling.restart(ctx, order.get(i), live, rotation, i + 1);
      events.add(at(t0) + " " + s);
      if (!s.ready()) {
        break;
      }
    }
  }

  private static double minutes(long t0) {
    return (System.currentTimeMillis() - t0) / 60_000.0;
  }

  private static String at(long t0) {
    return String.format(Locale.ROOT, "%.1f min:", (System.currentTimeMillis() - t0) / 60_000.0);
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "soak-timer");
    t.setDaemon(true);
    return t;
  }

  private static void shutdown(ScheduledExecutorService timers) throws InterruptedException {
    timers.shutdownNow();
    timers.awaitTermination(30, TimeUnit.SECONDS);
  }

  /**
   * soak.md: what ran, the samples, each trend's line and its chart, the load, the lost values, the
   * verdict.
   */
  static String report(Result r, String commit, List<String> charts) {
    StringBuilder sb = new StringBuilder("# Soak\n\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "Commit `%s`. %d min of %d req/s of arm C' on %d nodes over %d known customers; the"
                + " provider's six states %d s each; Redis restarted at %d s (append-only file"
                + " on), a rolling restart from %d s.\n\n",
            commit,
            r.plan().length().toMinutes(),
            RATE,
            NODES,
            CUSTOMERS,
            SoakPlan.STATE_SEC,
            r.plan().redisRestartSec(),
            r.plan().rollSec()));
    sb.append(
            "| minute | nodes | heap after GC MB | threads | file descriptors | entities | pool |")
        .append(" Redis MB |\n|---|---|---|---|---|---|---|---|\n");
    for (SoakSample s : r.samples()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %.1f | %d | %.1f | %d | %d | %d | %d | %.1f |%n",
              s.minute(),
              s.nodes(),
              s.heapAfterGcMb(),
              s.threads(),
              s.fileDescriptors(),
              s.entities(),
              s.pool(),
              s.redisMb()));
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "%nTrends (least squares, the slope's 95 %% interval; without the %.0f minutes from the"
                + " start, from the Redis restart and from the rolling restart to its end, the"
                + " node figures' only where every node answered):%n%n",
            SoakPlan.SETTLE_MIN));
    r.trends().forEach(t -> sb.append("- ").append(t.describe()).append('\n'));
    if (!charts.isEmpty()) {
      sb.append("\nEach trend's samples, the minutes it leaves out (shaded) and its line:\n\n");
      charts.forEach(c -> sb.append("![").append(c).append("](").append(c).append(")\n"));
    }
    sb.append("\nEvents:\n\n");
    r.events().forEach(e -> sb.append("- ").append(e).append('\n'));
    sb.append(
        String.format(
            Locale.ROOT,
            "%nLoad: %s.%n%nKnown values: %d before, %d lost.%n%n**%s**%n",
            r.load(),
            r.valuesBefore(),
            r.lost(),
            r.holds() ? "Holds." : "Fails: " + String.join("; ", r.failures())));
    return sb.toString();
  }
}
