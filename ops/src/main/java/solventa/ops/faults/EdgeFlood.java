package solventa.ops.faults;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.quote.profile.UnknownCustomers;
import solventa.quote.stats.StatsSnapshot;

/**
 * The entity flood: a client sends quotes for distinct customer ids of the provider's format that
 * the provider does not know, at {@value #FLOOD_RATE} a second for {@value #FLOOD_SEC} s, while
 * {@value EdgeFaults#RATE} req/s of quotes for known customers go on. Every such id becomes a
 * profile entity and one provider call; the node must keep its known customers' answers fast and
 * error-free, and its entity table bounded by the flood's rate times the unknown customers' short
 * idle time ({@code quote.unknown-customers.idle-timeout}) rather than by the flood's length.
 */
final class EdgeFlood {
  static final int FLOOD_RATE = 200;
  static final int FLOOD_SEC = 20;

  /** Longer than the short idle time plus {@link #MARGIN_SEC}: the flood's entities are gone. */
  static final int AFTER_SEC = 10;

  /** What an entity may take beyond its idle time to go: its provider call, the passivation. */
  static final int MARGIN_SEC = 3;

  static final double MAX_ERROR_PCT = 0.1;
  static final long MAX_P99_MS = 475;
  static final long SAMPLE_MS = 250;

  /**
   * The flood's ids start at c90000000: the provider's format, outside the double's universe
   * (c00000000 … c00099999), so the provider answers "unknown customer" for each.
   */
  static final int FIRST_UNKNOWN = 90_000_000;

  private EdgeFlood() {}

  /** The entity table of one node, read every {@value #SAMPLE_MS} ms on a thread of its own. */
  private static final class EntitySampler implements AutoCloseable {
    private final Thread thread;
    private final AtomicLong peak = new AtomicLong(-1);
    private final AtomicLong peakAtMs = new AtomicLong();
    private final AtomicLong last = new AtomicLong(-1);
    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean stop;

    EntitySampler(NodeProcess node, long untilMs) {
      thread =
          new Thread(
              () -> {
                // bounded: it stops when told or at untilMs, whichever comes first
                while (!stop && System.currentTimeMillis() < untilMs) {
                  try {
                    long n = node.snapshot().activeEntities();
                    samples.incrementAndGet();
                    last.set(n);
                    if (n > peak.get()) {
                      peak.set(n);
                      peakAtMs.set(System.currentTimeMillis());
                    }
                  } catch (IOException | RuntimeException e) {
                    failures.incrementAndGet();
                  }
                  try {
                    Thread.sleep(SAMPLE_MS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                  }
                }
              },
              "entity-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    @Override
    public void close() throws InterruptedException {
      stop = true;
      thread.join(5_000);
    }
  }

  /** The row; {@code customers} are the group's known customers, their values stored. */
  static FaultRow run(FaultContext ctx, NodeGroup node, List<String> customers) {
    String fault = "entity flood";
    UnknownCustomers unknown = EdgeSettings.unknownCustomers();
    long idleMs = unknown.idleTimeout().toMillis();
    long bound = (long) FLOOD_RATE * (idleMs / 1000 + MARGIN_SEC);
    String injected =
        String.format(
            Locale.ROOT,
            "%d quotes/s for %d s, each for a distinct customer id of the provider's format that"
                + " the provider does not know (c%08d…), under %d req/s of quotes for %d known"
                + " customers (node settings: quote.unknown-customers.ttl %d ms, idle-timeout %d"
                + " ms)",
            FLOOD_RATE,
            FLOOD_SEC,
            FIRST_UNKNOWN,
            EdgeFaults.RATE,
            customers.size(),
            unknown.ttl().toMillis(),
            idleMs);
    String expected =
        String.format(
            Locale.ROOT,
            "while the flood runs, the known customers' errors ≤ %.1f %% and their p99 ≤ %d ms,"
                + " none before or after it; the entity table at its peak ≤ its size before the"
                + " flood + %d (the flood's rate × (idle-timeout + %d s)), and within %d of that"
                + " size %d s after the flood; no known customer's value lost and no flood id in Redis; the node"
                + " stays up",
            MAX_ERROR_PCT,
            MAX_P99_MS,
            bound,
            MARGIN_SEC,
            FLOOD_RATE,
            AFTER_SEC);
    NodeProcess first = node.first();
    try (LostValues store = ctx.store()) {
      Map<String, Instant> valuesBefore = store.read(customers);
      AtomicReference<StatsSnapshot> before = new AtomicReference<>();
      AtomicReference<FaultLoad> flood = new AtomicReference<>();
      AtomicReference<FaultLoadResult> floodResult = new AtomicReference<>();
      AtomicReference<EntitySampler> sampler = new AtomicReference<>();
      FaultWindow.Outcome o;
      try {
        o =
            FaultWindow.run(
                node::baseUrls,
                customers,
                EdgeFaults.RATE,
                EdgeFaults.BEFORE_SEC,
                FLOOD_SEC,
                AFTER_SEC,
                ctx.seed(),
                () -> {
                  before.set(first.snapshot());
                  sampler.set(
                      new EntitySampler(
                          first,
                          System.currentTimeMillis() + (FLOOD_SEC + AFTER_SEC + 30) * 1000L));
                  flood.set(
                      FaultLoad.startDistinct(
                          FLOOD_RATE,
                          Duration.ofSeconds(FLOOD_SEC),
                          node::baseUrls,
                          i -> String.format(Locale.ROOT, "c%08d", FIRST_UNKNOWN + i)));
                },
                () -> {
                  FaultLoad f = flood.get();
                  if (f != null) {
                    floodResult.set(f.await());
                  }
                });
      } finally {
        EntitySampler s = sampler.get();
        if (s != null) {
          s.close();
        }
      }
      StatsSnapshot after = first.snapshot();
      long lost = LostValues.lost(valuesBefore, store.read(customers));
      // the memory of an unknown customer is the entity's alone: no flood id may reach Redis
      FaultLoadResult f = floodResult.get();
      int sent = f == null ? 0 : (int) Math.min(f.requests(), 5_000);
      List<String> floodIds =
          java.util.stream.IntStream.range(0, sent)
              .mapToObj(i -> String.format(Locale.ROOT, "c%08d", FIRST_UNKNOWN + i))
              .toList();
      int floodKeys = store.read(floodIds).size();
      boolean up = first.isAlive() && first.ready();
      return row(
          fault,
          injected,
          expected,
          o,
          floodResult.get(),
          sampler.get(),
          before.get(),
          after,
          bound,
          valuesBefore.size(),
          lost,
          floodKeys,
          up);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  private static FaultRow row(
      String fault,
      String injected,
      String expected,
      FaultWindow.Outcome o,
      FaultLoadResult flood,
      EntitySampler sampler,
      StatsSnapshot before,
      StatsSnapshot after,
      long bound,
      int values,
      long lost,
      int floodKeys,
      boolean up) {
    FaultLoadResult known = o.load();
    long start = o.faultStartMs();
    long end = o.faultEndMs();
    long during = known.count(s -> s.sentMs() >= start && s.sentMs() < end);
    long errorsDuring =
        known.count(s -> s.status() != 200 && s.sentMs() >= start && s.sentMs() < end);
    double pctDuring = during == 0 ? 0 : 100.0 * errorsDuring / during;
    long p99 = known.latencyQuantile(0.99, start, end);
    long errorsBefore = o.errorsBefore();
    long errorsAfter =
        known.count(s -> s.status() != 200 && s.sentMs() >= end) + known.unanswered();
    long base = before.activeEntities();
    long peak = sampler.peak.get();
    long last = sampler.last.get();
    long peakAtSec = peak < 0 ? -1 : Math.max(0, (sampler.peakAtMs.get() - start) / 1000);
    String measured =
        String.format(
            Locale.ROOT,
            "known customers: %s; while the flood ran %d quotes, %d errors (%.2f %%), p99 %d ms;"
                + " errors sent before / after it: %d / %d; the flood: %s; provider calls +%d,"
                + " answered from memory +%d; entity table: %d before the flood, peak %d (%d s"
                + " into it; bound %d), %d at the row's end (%d samples, %d unread); %d values"
                + " before, %d lost; %d flood ids stored in Redis; node %s; %s",
            known.summary(),
            during,
            errorsDuring,
            pctDuring,
            p99,
            errorsBefore,
            errorsAfter,
            flood == null ? "did not run" : flood.summary(),
            after.providerCallsTotal() - before.providerCallsTotal(),
            after.refusedFromMemory() - before.refusedFromMemory(),
            base,
            peak,
            peakAtSec,
            base + bound,
            last,
            sampler.samples.get(),
            sampler.failures.get(),
            values,
            lost,
            floodKeys,
            up ? "up and ready" : "DOWN or not ready",
            EdgeFaults.machineLoad());
    boolean holds =
        up
            && flood != null
            && during > 0
            && pctDuring <= MAX_ERROR_PCT
            && p99 <= MAX_P99_MS
            && errorsBefore == 0
            && errorsAfter == 0
            && sampler.samples.get() > 0
            && peak <= base + bound
            && last >= 0
            && last <= base + FLOOD_RATE
            && lost == 0
            && floodKeys == 0;
    return new FaultRow(
        fault,
        injected,
        o.faultSec(),
        known.requests() + (flood == null ? 0 : flood.requests()),
        known.errors(),
        lost,
        o.recoverSec(),
        expected,
        measured,
        holds);
  }
}
