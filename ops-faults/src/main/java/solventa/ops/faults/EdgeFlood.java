package solventa.ops.faults;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

  /**
   * The known customers' load with the flood in its window: the outcome, the node's stats when the
   * flood began, the flood's own load (null if it never started) and the entity table's sampler.
   */
  private record Flooded(
      FaultWindow.Outcome window,
      StatsSnapshot before,
      FaultLoadResult flood,
      EntitySampler sampler) {}

  /**
   * The known customers' quotes around the flood: how many were sent while it ran, their errors and
   * p99, and the errors of those sent before and after it.
   */
  private record KnownQuotes(
      long during,
      long errorsDuring,
      double pctDuring,
      long p99,
      long errorsBefore,
      long errorsAfter) {

    static KnownQuotes of(FaultWindow.Outcome o) {
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
      return new KnownQuotes(during, errorsDuring, pctDuring, p99, errorsBefore, errorsAfter);
    }
  }

  /** The row; {@code customers} are the group's known customers, their values stored. */
  static FaultRow run(FaultContext ctx, NodeGroup node, List<String> customers) {
    String fault = "entity flood";
    UnknownCustomers unknown = EdgeSettings.unknownCustomers();
    long idleMs = unknown.idleTimeout().toMillis();
    long bound = (long) FLOOD_RATE * (idleMs / 1000 + MARGIN_SEC);
    String injected = injected(customers.size(), unknown, idleMs);
    String expected = expected(bound);
    NodeProcess first = node.first();
    try (LostValues store = ctx.store()) {
      Map<String, Instant> valuesBefore = store.read(customers);
      Flooded f = flood(ctx, node, customers);
      StatsSnapshot after = first.snapshot();
      long lost = LostValues.lost(valuesBefore, store.read(customers));
      int floodKeys = floodIdsStored(store, f.flood());
      boolean up = first.isAlive() && first.ready();
      return row(
          fault,
          injected,
          expected,
          f.window(),
          f.flood(),
          f.sampler(),
          f.before(),
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

  private static String injected(int customers, UnknownCustomers unknown, long idleMs) {
    return String.format(
        Locale.ROOT,
        "%d quotes/s for %d s, each for a distinct customer id of the provider's format that"
            + " the provider does not know (c%08d…), under %d req/s of quotes for %d known"
            + " customers (node settings: quote.unknown-customers.ttl %d ms, idle-timeout %d"
            + " ms)",
        FLOOD_RATE,
        FLOOD_SEC,
        FIRST_UNKNOWN,
        EdgeFaults.RATE,
        customers,
        unknown.ttl().toMillis(),
        idleMs);
  }

  private static String expected(long bound) {
    return String.format(
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
  }

  /**
   * The known customers' load with the flood in its window: when the flood begins, the node's stats
   * are read and its entity table's sampling starts; the sampler is closed however the window ends.
   */
  private static Flooded flood(FaultContext ctx, NodeGroup node, List<String> customers)
      throws Exception {
    NodeProcess first = node.first();
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
                        first, System.currentTimeMillis() + (FLOOD_SEC + AFTER_SEC + 30) * 1000L));
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
    return new Flooded(o, before.get(), floodResult.get(), sampler.get());
  }

  /**
   * How many of the flood's ids Redis holds (the first 5,000 sent at most): the memory of an
   * unknown customer is the entity's alone, so none may reach it.
   */
  private static int floodIdsStored(LostValues store, FaultLoadResult flood) {
    int sent = flood == null ? 0 : (int) Math.min(flood.requests(), 5_000);
    List<String> floodIds =
        java.util.stream.IntStream.range(0, sent)
            .mapToObj(i -> String.format(Locale.ROOT, "c%08d", FIRST_UNKNOWN + i))
            .toList();
    return store.read(floodIds).size();
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
    KnownQuotes k = KnownQuotes.of(o);
    long base = before.activeEntities();
    long peak = sampler.peak();
    long last = sampler.last();
    long peakAtSec = peak < 0 ? -1 : Math.max(0, (sampler.peakAtMs() - o.faultStartMs()) / 1000);
    String measured =
        String.format(
            Locale.ROOT,
            "known customers: %s; while the flood ran %d quotes, %d errors (%.2f %%), p99 %d ms;"
                + " errors sent before / after it: %d / %d; the flood: %s; provider calls +%d,"
                + " answered from memory +%d; entity table: %d before the flood, peak %d (%d s"
                + " into it; bound %d), %d at the row's end (%d samples, %d unread); %d values"
                + " before, %d lost; %d flood ids stored in Redis; node %s; %s",
            known.summary(),
            k.during(),
            k.errorsDuring(),
            k.pctDuring(),
            k.p99(),
            k.errorsBefore(),
            k.errorsAfter(),
            flood == null ? "did not run" : flood.summary(),
            after.providerCallsTotal() - before.providerCallsTotal(),
            after.refusedFromMemory() - before.refusedFromMemory(),
            base,
            peak,
            peakAtSec,
            base + bound,
            last,
            sampler.samples(),
            sampler.failures(),
            values,
            lost,
            floodKeys,
            up ? "up and ready" : "DOWN or not ready",
            EdgeFaults.machineLoad());
    boolean holds =
        up
            && flood != null
            && k.during() > 0
            && k.pctDuring() <= MAX_ERROR_PCT
            && k.p99() <= MAX_P99_MS
            && k.errorsBefore() == 0
            && k.errorsAfter() == 0
            && sampler.samples() > 0
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
