package solventa.ops.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The cluster rows' load: {@link FaultLoad}'s open model for as long as the row needs it (a rolling
 * restart's length is not known in advance), as back-to-back chunks of {@value #CHUNK_SEC} s, each
 * a {@link FaultLoad} started at its predecessor's planned end (the same rate, the same rotation,
 * the run's seed plus the chunk's index). {@link #stop} ends it after the running chunk; it stops
 * by itself at its bound. {@link #await} merges the chunks' answers into one {@link
 * FaultLoad.Result}.
 */
final class ClusterLoad {
  static final int CHUNK_SEC = 5;

  private final int rate;
  private final Supplier<List<String>> targets;
  private final List<String> customers;
  private final long seed;
  private final long maxMs;
  private final List<FaultLoad> chunks = new ArrayList<>();
  private final Thread runner;
  private volatile boolean stopped;
  private volatile long startMs;

  private ClusterLoad(
      int rate, Supplier<List<String>> targets, List<String> customers, long seed, int maxSec) {
    this.rate = rate;
    this.targets = targets;
    this.customers = customers;
    this.seed = seed;
    this.maxMs = maxSec * 1000L;
    this.runner = new Thread(this::run, "cluster-load");
    this.runner.setDaemon(true);
  }

  /** Starts {@code rate} quotes a second until {@link #stop}, at most {@code maxSec} s. */
  static ClusterLoad start(
      int rate, Supplier<List<String>> targets, List<String> customers, long seed, int maxSec) {
    ClusterLoad load = new ClusterLoad(rate, targets, customers, seed, maxSec);
    load.startMs = System.currentTimeMillis();
    load.runner.start();
    return load;
  }

  /** When the load started (epoch ms). */
  long startMs() {
    return startMs;
  }

  private void run() {
    long next = startMs;
    for (int k = 0; !stopped && next - startMs < maxMs; k++) {
      FaultLoad chunk =
          FaultLoad.start(rate, Duration.ofSeconds(CHUNK_SEC), targets, customers, seed + k);
      synchronized (chunks) {
        chunks.add(chunk);
      }
      next = chunk.startMs() + CHUNK_SEC * 1000L;
      try {
        FaultWindow.sleepUntil(next);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** No chunk after the running one. */
  void stop() {
    stopped = true;
  }

  /** Stops the load (after its running chunk) and returns every chunk's answers as one result. */
  FaultLoad.Result await() throws InterruptedException {
    stop();
    runner.join(maxMs + 2 * CHUNK_SEC * 1000L);
    List<FaultLoad.Result> results = new ArrayList<>();
    List<FaultLoad> all;
    synchronized (chunks) {
      all = List.copyOf(chunks);
    }
    for (FaultLoad chunk : all) {
      results.add(chunk.await());
    }
    return merge(rate, results);
  }

  /** The chunks' results as one: from the first's start to the last's end, every answer. */
  static FaultLoad.Result merge(int rate, List<FaultLoad.Result> results) {
    if (results.isEmpty()) {
      long now = System.currentTimeMillis();
      return new FaultLoad.Result(rate, now, now, List.of(), 0);
    }
    List<FaultLoad.Sent> sent = new ArrayList<>();
    long unanswered = 0;
    for (FaultLoad.Result r : results) {
      sent.addAll(r.sent());
      unanswered += r.unanswered();
    }
    sent.sort((a, b) -> Long.compare(a.plannedMs(), b.plannedMs()));
    return new FaultLoad.Result(
        rate,
        results.get(0).startMs(),
        results.get(results.size() - 1).endMs(),
        List.copyOf(sent),
        unanswered);
  }
}
