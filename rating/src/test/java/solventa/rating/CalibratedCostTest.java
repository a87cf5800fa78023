package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.PostgresServer;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.Origin;

/**
 * The calibrated fixed cost: it adds the configured delay, and while 200 pricings wait it holds no
 * thread per pricing and burns no CPU. Timing is the behaviour here, so the bounds are generous:
 * the machine is shared.
 */
class CalibratedCostTest {
  static final String DB = "rating_cost";
  static final QuoteInput LIFE = new QuoteInput("life", Map.of("insuredAmount", 200000, "age", 35));
  static final ResolvedProfile DEFAULT = new ResolvedProfile(Origin.DEFAULT, Optional.empty(), 0);

  static PostgresServer pg;

  @BeforeAll
  static void startPostgres() {
    pg = PostgresServer.start();
    pg.createDatabase(DB);
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  @Test
  void pricingCompletesAfterTheConfiguredCost() throws Exception {
    Duration cost = Duration.ofMillis(60);
    try (RatingEngine engine =
        RatingEngine.start(RatingDb.settings(pg, DB, cost), Clock.systemUTC())) {
      for (int i = 0; i < 5; i++) { // warm up the JIT, not measured
        engine.price(LIFE, DEFAULT).toCompletableFuture().get(5, TimeUnit.SECONDS);
      }
      long[] elapsedMs = new long[15];
      for (int i = 0; i < elapsedMs.length; i++) {
        long start = System.nanoTime();
        PricedQuote q = engine.price(LIFE, DEFAULT).toCompletableFuture().get(5, TimeUnit.SECONDS);
        elapsedMs[i] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(q.ruleSetVersion()).isEqualTo("2026.1");
      }
      Arrays.sort(elapsedMs);
      // A scheduled completion never fires early; late only by scheduling noise.
      assertThat(elapsedMs[0]).isGreaterThanOrEqualTo(60);
      assertThat(elapsedMs[elapsedMs.length / 2]).isLessThan(60 + 25);
    }
  }

  @Test
  void aGivenCostTimerWaitsOutTheCostAndStaysOpenAfterTheEngineCloses() throws Exception {
    Duration cost = Duration.ofMillis(60);
    java.util.concurrent.ScheduledExecutorService host =
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            r -> new Thread(r, "host-loop"));
    List<Long> delays = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<String> ranOn = new java.util.concurrent.CopyOnWriteArrayList<>();
    CostTimer timer =
        (task, delayNanos) -> {
          delays.add(delayNanos);
          host.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        };
    try {
      try (RatingEngine engine =
          RatingEngine.start(RatingDb.settings(pg, DB, cost), Clock.systemUTC(), timer)) {
        PricedQuote q =
            engine
                .price(LIFE, DEFAULT)
                .thenApply(
                    p -> {
                      ranOn.add(Thread.currentThread().getName());
                      return p;
                    })
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        assertThat(q.ruleSetVersion()).isEqualTo("2026.1");
        assertThat(delays).hasSize(1);
        assertThat(delays.get(0)).isPositive().isLessThanOrEqualTo(cost.toNanos());
        assertThat(ranOn)
            .as("the cost ended on the given timer's thread")
            .containsExactly("host-loop");
      }
      assertThat(host.isShutdown()).as("the engine does not close a timer it was given").isFalse();
    } finally {
      host.shutdownNow();
    }
  }

  @Test
  void zeroCostCompletesAtOnce() {
    try (RatingEngine engine =
        RatingEngine.start(RatingDb.settings(pg, DB, Duration.ZERO), Clock.systemUTC())) {
      assertThat(engine.price(LIFE, DEFAULT).toCompletableFuture()).isCompleted();
    }
  }

  @Test
  void twoHundredConcurrentPricingsUseNoThreadEachAndNoCpuWhileWaiting() throws Exception {
    // Long enough to observe them waiting even if the shared machine stalls the submitting loop.
    Duration cost = Duration.ofMillis(2000);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    try (RatingEngine engine =
        RatingEngine.start(RatingDb.settings(pg, DB, cost), Clock.systemUTC())) {
      for (int i = 0; i < 2000; i++) { // warm up the pricing path so submitting 200 is quick
        engine.priceNow(LIFE, DEFAULT);
      }
      engine.price(LIFE, DEFAULT).toCompletableFuture().get(5, TimeUnit.SECONDS);
      long timer = timerThreadId(threads, engine);
      int threadsBefore = threads.getThreadCount();
      long timerCpuBefore = threads.getThreadCpuTime(timer);

      long start = System.nanoTime();
      List<CompletableFuture<PricedQuote>> pending = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        pending.add(engine.price(LIFE, DEFAULT).toCompletableFuture());
      }
      long submitMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      int threadsWhileWaiting = threads.getThreadCount();
      long stillWaiting = pending.stream().filter(f -> !f.isDone()).count();

      CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
      long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      long timerCpuMs =
          TimeUnit.NANOSECONDS.toMillis(threads.getThreadCpuTime(timer) - timerCpuBefore);

      assertThat(stillWaiting)
          .as("pricings still waiting when threads were counted")
          .isEqualTo(200);
      assertThat(threadsWhileWaiting - threadsBefore)
          .as("threads added by 200 waiting pricings")
          .isLessThan(10); // 200 would mean a thread per pricing; a few is JVM noise
      assertThat(elapsedMs).isGreaterThanOrEqualTo(cost.toMillis());
      assertThat(pending).allSatisfy(f -> assertThat(f.join().premium()).isPositive());
      // A thread spinning through the wait would burn ~2000 ms of CPU; completing 200 futures
      // takes a few.
      assertThat(timerCpuMs).as("timer thread CPU ms over a %d ms wait", elapsedMs).isLessThan(100);
    }
  }

  /** The engine's timer thread: the newest live "rating-cost-timer" thread. */
  private static long timerThreadId(ThreadMXBean threads, RatingEngine engine) {
    long id = -1;
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && info.getThreadName().equals("rating-cost-timer")) {
        id = Math.max(id, info.getThreadId());
      }
    }
    assertThat(id).as("a rating-cost-timer thread for %s", engine).isPositive();
    return id;
  }
}
