package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.Scheduler;
import org.apache.pekko.actor.SchedulerException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.dispatch.ExecutionContexts;
import org.apache.pekko.event.NoLogging;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import scala.concurrent.ExecutionContext;
import scala.concurrent.duration.FiniteDuration;

/** Decision 0036: Pekko's timers on the node loop keep Pekko's scheduler contract. */
class LoopSchedulerTest {
  static final long WAIT_S = 10;

  NodeLoop loop;
  ExecutionContext ec;
  LoopScheduler scheduler;

  @BeforeEach
  void start() {
    loop = new NodeLoop("ls", 2, 2);
    ec = ExecutionContexts.fromExecutor(loop);
    scheduler = LoopScheduler.on(loop, NoLogging.getInstance());
  }

  @AfterEach
  void stop() throws InterruptedException {
    loop.shutdownNow();
    assertThat(loop.awaitTermination(WAIT_S, TimeUnit.SECONDS)).isTrue();
  }

  static FiniteDuration ms(long millis) {
    return FiniteDuration.create(millis, TimeUnit.MILLISECONDS);
  }

  /** Completes after {@code millis}, through the scheduler: what ran before it was due earlier. */
  CompletableFuture<Void> after(long millis) {
    CompletableFuture<Void> f = new CompletableFuture<>();
    scheduler.scheduleOnce(ms(millis), () -> f.complete(null), ec);
    return f;
  }

  @Test
  void aTaskRunsOnceOnItsExecutionContextAndNotBeforeItsDelay() throws Exception {
    long start = System.nanoTime();
    CompletableFuture<Long> ranAfter = new CompletableFuture<>();
    AtomicInteger runs = new AtomicInteger();
    Cancellable c =
        scheduler.scheduleOnce(
            ms(50),
            () -> {
              runs.incrementAndGet();
              ranAfter.complete(System.nanoTime() - start);
              assertThat(Thread.currentThread().getName()).startsWith("ls-");
            },
            ec);
    assertThat(ranAfter.get(WAIT_S, TimeUnit.SECONDS))
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(50));
    after(60).get(WAIT_S, TimeUnit.SECONDS);
    assertThat(runs).hasValue(1);
    assertThat(c.cancel()).as("a task that ran cannot be cancelled").isFalse();
    assertThat(c.isCancelled()).isFalse();
  }

  @Test
  void aCancelledTaskNeverRuns() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    Cancellable c = scheduler.scheduleOnce(ms(30), runs::incrementAndGet, ec);
    assertThat(c.cancel()).isTrue();
    assertThat(c.isCancelled()).isTrue();
    assertThat(c.cancel()).as("cancelled once").isFalse();
    after(80).get(WAIT_S, TimeUnit.SECONDS);
    assertThat(runs).hasValue(0);
  }

  @Test
  void aRepeatedTaskRunsUntilCancelled() throws Exception {
    CountDownLatch three = new CountDownLatch(3);
    AtomicInteger runs = new AtomicInteger();
    Cancellable c =
        scheduler.scheduleAtFixedRate(
            ms(5),
            ms(10),
            () -> {
              runs.incrementAndGet();
              three.countDown();
            },
            ec);
    assertThat(three.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    assertThat(c.cancel()).isTrue();
    after(20).get(WAIT_S, TimeUnit.SECONDS); // a run already handed over may still land
    int atCancel = runs.get();
    after(60).get(WAIT_S, TimeUnit.SECONDS);
    assertThat(runs).hasValue(atCancel);
    assertThat(c.isCancelled()).isTrue();
  }

  @Test
  void closingRunsTheTasksMarkedToRunOnCloseDropsTheRestAndRefusesNewOnes() throws Exception {
    AtomicInteger plain = new AtomicInteger();
    AtomicInteger onClose = new AtomicInteger();
    scheduler.scheduleOnce(ms(40), plain::incrementAndGet, ec);
    class RunOnClose implements Runnable, Scheduler.TaskRunOnClose {
      @Override
      public void run() {
        onClose.incrementAndGet();
      }
    }
    scheduler.scheduleOnce(ms(10_000), new RunOnClose(), ec);
    scheduler.close();
    assertThat(onClose).hasValue(1);
    assertThatThrownBy(() -> scheduler.scheduleOnce(ms(1), () -> {}, ec))
        .isInstanceOf(IllegalStateException.class)
        .hasCauseInstanceOf(SchedulerException.class);
    // past the plain task's deadline, on the loop's own timer
    CompletableFuture<Void> past = new CompletableFuture<>();
    loop.schedule(() -> past.complete(null), TimeUnit.MILLISECONDS.toNanos(80));
    past.get(WAIT_S, TimeUnit.SECONDS);
    assertThat(plain).hasValue(0);
    assertThat(onClose).hasValue(1);
  }

  @Test
  void refusesAConfigurationThatNamesNoOfferedLoop() {
    Config config = ConfigFactory.parseMap(Map.of(LoopScheduler.LOOP_KEY, "nobody"));
    assertThatThrownBy(() -> new LoopScheduler(config, NoLogging.getInstance(), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(LoopScheduler.LOOP_KEY)
        .hasMessageContaining("nobody");
  }

  @Test
  void aNodesActorSystemRunsItsTimersOnTheLoopWithoutASchedulerThread() throws Exception {
    Config config = ConfigFactory.load();
    DispatcherSettings settings = DispatcherSettings.fromConfig(config);
    NodeLoop nodeLoop = new NodeLoop("lsnode", 2, 2);
    ActorSystem<Void> system =
        ActorSystem.create(Behaviors.empty(), "lsnode", settings.bootstrap(config, nodeLoop));
    try {
      assertThat(system.classicSystem().scheduler()).isInstanceOf(LoopScheduler.class);
      assertThat(Thread.getAllStackTraces().keySet())
          .noneMatch(t -> t.getName().startsWith("lsnode-scheduler"));
      CompletableFuture<String> ranOn = new CompletableFuture<>();
      system
          .scheduler()
          .scheduleOnce(
              Duration.ofMillis(20),
              () -> ranOn.complete(Thread.currentThread().getName()),
              system.executionContext());
      assertThat(ranOn.get(WAIT_S, TimeUnit.SECONDS)).startsWith("lsnode-");
    } finally {
      system.terminate();
      system.getWhenTerminated().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
      nodeLoop.shutdownNow();
    }
  }
}
