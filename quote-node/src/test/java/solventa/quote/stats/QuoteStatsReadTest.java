package solventa.quote.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FetchResult;
import solventa.quote.profile.ProviderPort;
import solventa.signals.Origin;
import solventa.vocabulary.Arm;

/**
 * The stats read ({@link QuoteStats#snapshot}, {@link QuoteStats#takeInterval}) reports exactly
 * what a plain HdrHistogram fed the same values reports — count, p50, p95, p99, max at 3
 * significant digits — across repeated reads, resets, empty distributions and recording that runs
 * while it reads.
 */
class QuoteStatsReadTest {
  private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(1);

  /**
   * The stats under test and the reference: one plain histogram per distribution, fed the same
   * values in µs.
   */
  private static final class Reference {
    final QuoteStats stats;
    final Histogram latency = plain();
    final Histogram cached = plain();
    final Histogram provider = plain();
    Histogram interval = plain();

    final Random random;

    Reference(long seed) {
      this(new QuoteStats(Arm.C, Clock.systemUTC(), 100), seed);
    }

    /** Records into {@code stats}, which others may record into too. */
    Reference(QuoteStats stats, long seed) {
      this.stats = stats;
      this.random = new Random(seed);
    }

    /** A bench window: hits around 60 ms, 4 % misses around 100–200 ms, a few errors. */
    void window(int quotes) {
      for (int i = 0; i < quotes; i++) {
        int dice = random.nextInt(100);
        if (dice < 4) {
          provider(80_000_000L + random.nextInt(40_000_000));
          quoted(Origin.FRESH, 100_000_000L + random.nextInt(100_000_000));
        } else if (dice == 4) {
          failed(random.nextInt(5_000_000));
        } else {
          quoted(Origin.CACHED, 60_000_000L + (long) (random.nextGaussian() * 2_000_000));
        }
      }
    }

    StatsSnapshot read() {
      return stats.snapshot(PROVIDER);
    }

    static Histogram plain() {
      return new Histogram(1, HIGHEST_MICROS, 3);
    }

    static long micros(long nanos) {
      return Math.min(HIGHEST_MICROS, Math.max(1, nanos / 1000));
    }

    void quoted(Origin origin, long nanos) {
      stats.record(new QuoteEvent.Quoted(origin, 0, nanos, 0, false, false, 0));
      latency.recordValue(micros(nanos));
      interval.recordValue(micros(nanos));
      if (origin == Origin.CACHED) {
        cached.recordValue(micros(nanos));
      }
    }

    void failed(long nanos) {
      stats.record(new QuoteEvent.Failed(null, nanos, false, 0));
      latency.recordValue(micros(nanos));
      interval.recordValue(micros(nanos));
    }

    void provider(long nanos) {
      stats.providerLatency(Duration.ofNanos(nanos));
      provider.recordValue(micros(nanos));
    }

    StatsSnapshot.Interval takeInterval() {
      Histogram h = interval;
      interval = plain();
      long n = h.getTotalCount();
      return new StatsSnapshot.Interval(
          n,
          n > 0 ? h.getValueAtPercentile(99) / 1000.0 : null,
          n > 0 ? h.getMaxValue() / 1000.0 : null);
    }
  }

  private static final ProviderPort PROVIDER =
      new ProviderPort() {
        @Override
        public CompletionStage<FetchResult> fetch(String customerId) {
          return new CompletableFuture<>();
        }

        @Override
        public BreakerState breakerState() {
          return BreakerState.CLOSED;
        }

        @Override
        public boolean acceptsCustomerId(String customerId) {
          return true;
        }

        @Override
        public String customerIdFormat() {
          return "any id";
        }

        @Override
        public long providerCalls() {
          return 0;
        }

        @Override
        public AdapterSnapshot snapshot() {
          return new AdapterSnapshot(
              "ofb",
              "count",
              BreakerState.CLOSED,
              List.of(),
              Map.of(),
              0,
              0,
              32,
              32,
              0,
              0,
              5,
              50,
              10_000,
              10,
              5_000,
              1,
              0L);
        }
      };

  private static StatsSnapshot.Percentiles expected(Histogram h) {
    return new StatsSnapshot.Percentiles(
        "ms",
        h.getTotalCount(),
        h.getValueAtPercentile(50) / 1000.0,
        h.getValueAtPercentile(95) / 1000.0,
        h.getValueAtPercentile(99) / 1000.0,
        h.getMaxValue() / 1000.0);
  }

  private static void assertSameAs(Reference ref, StatsSnapshot s) {
    assertEquals(expected(ref.latency), s.latency(), "latency");
    assertEquals(expected(ref.cached), s.cachedLatency(), "cachedLatency");
    assertEquals(expected(ref.provider), s.providerLatency(), "providerLatency");
  }

  @Test
  void everyReadReportsWhatAPlainHistogramOfTheSameValuesReports() {
    Reference ref = new Reference(12);
    for (int read = 0; read < 8; read++) {
      ref.window(1 + ref.random.nextInt(4000));
      assertSameAs(ref, ref.read());
      assertSameAs(ref, ref.read()); // a second read with nothing new: the same
    }
    assertTrue(ref.latency.getTotalCount() > 8);
  }

  @Test
  void valuesOutsideTheRangeAreClampedAsBefore() {
    Reference ref = new Reference(1);
    ref.quoted(Origin.CACHED, 0);
    ref.quoted(Origin.CACHED, 999);
    ref.failed(TimeUnit.MINUTES.toNanos(5));
    ref.provider(TimeUnit.HOURS.toNanos(1));
    StatsSnapshot s = ref.read();
    assertSameAs(ref, s);
    assertEquals(0.001, s.cachedLatency().max());
    assertEquals(ref.latency.getMaxValue() / 1000.0, s.latency().max());
    assertTrue(s.latency().max() >= 60_000.0, "clamped to the top of the range");
  }

  @Test
  void emptyDistributionsReadAsZeroAndTheIntervalAsMissing() {
    Reference ref = new Reference(1);
    StatsSnapshot s = ref.read();
    assertSameAs(ref, s);
    assertEquals(new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0), s.latency());
    assertTrue(s.providerLatency().isEmpty());
    StatsSnapshot.Interval i = ref.stats.takeInterval();
    assertEquals(0, i.count());
    assertNull(i.p99());
    assertNull(i.max());

    // only hits: the provider's distribution stays empty while the others fill
    ref.quoted(Origin.CACHED, 61_000_000);
    assertSameAs(ref, ref.read());
    assertTrue(ref.read().providerLatency().isEmpty());
  }

  @Test
  void theIntervalHoldsTheValuesSinceItWasLastTakenWhateverTheReadsAndResetsBetween() {
    Reference ref = new Reference(7);
    for (int round = 0; round < 5; round++) {
      ref.window(500 + ref.random.nextInt(1500));
      ref.read();
      ref.window(ref.random.nextInt(200));
      if (round == 2) {
        // reset zeroes the since-reset distributions, not the runner's interval (as before)
        ref.stats.reset(PROVIDER);
        ref.latency.reset();
        ref.cached.reset();
        ref.provider.reset();
        ref.window(300);
      }
      assertEquals(ref.takeInterval(), ref.stats.takeInterval(), "round " + round);
      assertSameAs(ref, ref.read());
    }
    assertEquals(new StatsSnapshot.Interval(0, null, null), ref.stats.takeInterval());
  }

  @Test
  void resetForgetsEverythingRecordedBefore() {
    Reference ref = new Reference(3);
    ref.window(2000);
    ref.read(); // part of it drained before the reset, part not
    ref.window(100);
    ref.stats.reset(PROVIDER);
    Reference after = new Reference(ref.stats, 5);
    assertSameAs(after, after.read());
    after.window(700);
    assertSameAs(after, after.read());
  }

  @Test
  void readsWhileOthersRecordLoseAndInventNothing() throws Exception {
    Reference ref = new Reference(1);
    QuoteStats stats = ref.stats;
    int writers = 3;
    int perWriter = 20_000;
    ExecutorService pool = Executors.newFixedThreadPool(writers + 2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Histogram>> written = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int seed = w;
        written.add(
            pool.submit(
                () -> {
                  Reference mine = new Reference(stats, seed);
                  start.await();
                  mine.window(perWriter);
                  return mine.latency;
                }));
      }
      // two readers at once (two HTTP requests): counts never go back, never exceed what was sent
      List<Future<Long>> intervals = new ArrayList<>();
      Future<?> snapshots =
          pool.submit(
              () -> {
                start.await();
                long last = 0;
                for (int i = 0; i < 2_000 && !allDone(written); i++) {
                  StatsSnapshot.Percentiles p = ref.read().latency();
                  assertTrue(p.count() >= last && p.count() <= (long) writers * perWriter);
                  assertTrue(p.count() == 0 || (p.p50() <= p.p95() && p.p99() <= p.max()));
                  last = p.count();
                }
                return null;
              });
      intervals.add(
          pool.submit(
              () -> {
                start.await();
                long sum = 0;
                for (int i = 0; i < 2_000 && !allDone(written); i++) {
                  sum += ref.stats.takeInterval().count();
                }
                return sum;
              }));
      start.countDown();
      Histogram all = Reference.plain();
      for (Future<Histogram> f : written) {
        all.add(f.get(60, TimeUnit.SECONDS));
      }
      snapshots.get(60, TimeUnit.SECONDS);
      long taken = intervals.get(0).get(60, TimeUnit.SECONDS) + stats.takeInterval().count();
      assertEquals((long) writers * perWriter, all.getTotalCount());
      assertEquals(all.getTotalCount(), taken, "every value in exactly one interval");
      assertEquals(expected(all), ref.read().latency());
    } finally {
      pool.shutdownNow();
    }
  }

  private static boolean allDone(List<? extends Future<?>> futures) {
    return futures.stream().allMatch(Future::isDone);
  }
}
