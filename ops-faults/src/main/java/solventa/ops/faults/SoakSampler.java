package solventa.ops.faults;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import solventa.ops.lab.NodeProcess;
import solventa.quote.stats.StatsSnapshot;

/**
 * A soak's readings, once a minute ({@link SoakSample}): each live node's stats (its process's heap
 * after the last GC, live threads and open file descriptors, its active entities, its adapter's
 * calls on the wire and waiting), summed, and Redis's memory, read directly; and the trends they
 * make with their stated limits ({@link #trends}).
 */
final class SoakSampler {
  private static final double MB = 1024.0 * 1024.0;

  /** Each trend's reading of a sample, by the trend's name: the trends and the charts read it. */
  static final Map<String, ToDoubleFunction<SoakSample>> READINGS = readings();

  private static Map<String, ToDoubleFunction<SoakSample>> readings() {
    Map<String, ToDoubleFunction<SoakSample>> m = new LinkedHashMap<>();
    m.put("heap after GC", SoakSample::heapAfterGcMb);
    m.put("threads", SoakSample::threads);
    m.put("file descriptors", SoakSample::fileDescriptors);
    m.put("active entities", SoakSample::entities);
    m.put("adapter pool (on the wire and waiting)", SoakSample::pool);
    m.put("Redis memory", SoakSample::redisMb);
    return Collections.unmodifiableMap(m);
  }

  private final FaultContext ctx;
  private final List<NodeProcess> live;
  private final long t0;

  /**
   * @param live the cluster's live nodes, as the rolling restart changes them
   * @param t0 the soak's start, epoch ms
   */
  SoakSampler(FaultContext ctx, List<NodeProcess> live, long t0) {
    this.ctx = ctx;
    this.live = live;
    this.t0 = t0;
  }

  /** This minute's readings; a node or Redis that does not answer is left out (NaN for Redis). */
  SoakSample sample() {
    double minute = (System.currentTimeMillis() - t0) / 60_000.0;
    int nodes = 0;
    double heap = 0;
    long threads = 0;
    long fds = 0;
    long fdLimit = 0;
    long entities = 0;
    long pool = 0;
    for (NodeProcess n : live) {
      StatsSnapshot s;
      try {
        s = n.snapshot();
      } catch (java.io.IOException | RuntimeException e) {
        continue; // stopping, or not up yet: the rolling restart's
      }
      nodes++;
      StatsSnapshot.Process p = s.process();
      heap += p.heapAfterGcBytes() == null ? p.heapUsedBytes() / MB : p.heapAfterGcBytes() / MB;
      threads += p.liveThreads();
      fds += p.openFileDescriptors() == null ? 0 : p.openFileDescriptors();
      fdLimit += p.maxFileDescriptors() == null ? 0 : p.maxFileDescriptors();
      entities += s.activeEntities();
      pool += s.adapter().inFlight() + s.adapter().queued();
    }
    double redis = Double.NaN;
    double redisLimit = Double.NaN;
    try (LostValues store = ctx.store()) {
      redis = store.usedMemory() / MB;
      redisLimit = Long.parseLong(store.configGet("maxmemory")) / MB;
    } catch (RuntimeException e) {
      // Redis restarting: this minute has no reading of it
    }
    return new SoakSample(
        minute, nodes, heap, threads, fds, fdLimit, entities, pool, redis, redisLimit);
  }

  /** One console line. */
  static String line(SoakSample s) {
    return String.format(
        Locale.ROOT,
        "minute %.1f: %d nodes, heap after GC %.1f MB, %d threads, %d file descriptors, %d"
            + " entities, pool %d, Redis %.1f MB",
        s.minute(),
        s.nodes(),
        s.heapAfterGcMb(),
        s.threads(),
        s.fileDescriptors(),
        s.entities(),
        s.pool(),
        s.redisMb());
  }

  /**
   * The trends of the cluster's samples outside the {@code skipped} windows (the start and the
   * soak's own faults, {@link SoakPlan#SETTLE_MIN} minutes past each), and for the node figures
   * only those that read every node (a minute in the middle of a restart sums fewer nodes), each
   * with its stated limit.
   */
  static List<SoakTrend> trends(List<SoakSample> samples, List<SoakPlan.Window> skipped) {
    List<SoakSample> settled =
        samples.stream()
            .filter(s -> skipped.stream().noneMatch(w -> w.contains(s.minute())))
            .toList();
    List<SoakSample> whole = settled.stream().filter(s -> s.nodes() == Soak.NODES).toList();
    List<SoakSample> redis = settled.stream().filter(s -> !Double.isNaN(s.redisMb())).toList();
    int nodes = Soak.NODES;
    double heapMb = Double.parseDouble(NodeProcess.HEAP.replace("m", ""));
    long fdLimit =
        whole.stream().mapToLong(SoakSample::fileDescriptorLimit).max().orElse(nodes * 4096L);
    double redisLimit = redis.stream().mapToDouble(SoakSample::redisLimitMb).max().orElse(0);
    int maxActive = EdgeSettings.nodeInt("quote.entities.max-active");
    int pool =
        EdgeSettings.nodeInt("of-adapter.providers.ofb.pool.max-connections")
            + EdgeSettings.nodeInt("of-adapter.providers.ofb.pool.max-open-requests");
    return List.of(
        trend(
            "heap after GC",
            "MB",
            0.9 * nodes * heapMb,
            "90 % of the " + nodes + " nodes' " + NodeProcess.HEAP + " heaps",
            whole),
        trend(
            "threads",
            "",
            (double) nodes * Soak.THREADS_PER_NODE,
            Soak.THREADS_PER_NODE + " a node",
            whole),
        trend(
            "file descriptors", "", 0.8 * fdLimit, "80 % of the nodes' limits, " + fdLimit, whole),
        trend(
            "active entities",
            "",
            (double) nodes * maxActive,
            "quote.entities.max-active " + maxActive + " a node",
            whole),
        trend(
            "adapter pool (on the wire and waiting)",
            "calls",
            (double) nodes * pool,
            "max-connections + max-open-requests, " + pool + " a node",
            whole),
        trend("Redis memory", "MB", redisLimit, "its maxmemory", redis));
  }

  private static SoakTrend trend(
      String name, String unit, double limit, String why, List<SoakSample> samples) {
    ToDoubleFunction<SoakSample> value = READINGS.get(name);
    return new SoakTrend(
        name,
        unit,
        limit,
        why,
        samples.stream().map(SoakSample::minute).toList(),
        samples.stream().map(s -> value.applyAsDouble(s)).toList());
  }
}
