package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Decision 0030: the node's loop loses no task, runs timers on time, and stays on one thread when
 * quiet.
 */
class NodeLoopTest {
  static final long WAIT_S = 10;

  NodeLoop loop;

  /** The loop under test: without I/O here, with it in {@link NodeLoopIoTest}. */
  NodeLoop newLoop(int threads, int spillAt) {
    return new NodeLoop("t", threads, spillAt);
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (loop != null) {
      loop.shutdownNow();
      assertThat(loop.awaitTermination(WAIT_S, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void aCancelledTimerNeverRunsAndLeavesTheQueueBeforeItsDeadline() throws Exception {
    loop = newLoop(2, 2);
    AtomicInteger ran = new AtomicInteger();
    List<NodeLoop.Timer> soon = new java.util.ArrayList<>();
    List<NodeLoop.Timer> late = new java.util.ArrayList<>();
    for (int i = 0; i < 500; i++) {
      soon.add(loop.timer(ran::incrementAndGet, TimeUnit.MILLISECONDS.toNanos(20)));
      late.add(loop.timer(ran::incrementAndGet, TimeUnit.SECONDS.toNanos(600)));
    }
    soon.forEach(NodeLoop.Timer::cancel);
    late.forEach(NodeLoop.Timer::cancel);
    CountDownLatch live = new CountDownLatch(1);
    loop.timer(live::countDown, TimeUnit.MILLISECONDS.toNanos(40));
    assertThat(live.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    assertThat(ran).hasValue(0);
    // the idle loop drops the cancelled ones at the queue's head, ten minutes early
    for (int i = 0; i < 200 && loop.timersQueued() > 0; i++) {
      Thread.sleep(10);
    }
    assertThat(loop.timersQueued()).isZero();
  }

  @Test
  void everyTaskSubmittedFromManyThreadsRunsOnce() throws Exception {
    loop = newLoop(2, 2);
    int submitters = 4;
    int each = 20_000;
    AtomicInteger ran = new AtomicInteger();
    CountDownLatch all = new CountDownLatch(submitters * each);
    Thread[] threads = new Thread[submitters];
    for (int s = 0; s < submitters; s++) {
      threads[s] =
          new Thread(
              () -> {
                for (int i = 0; i < each; i++) {
                  loop.execute(
                      () -> {
                        ran.incrementAndGet();
                        all.countDown();
                      });
                  if (i % 1000 == 0) {
                    Thread.yield(); // lets the workers go idle now and then: the wake-up path
                  }
                }
              });
      threads[s].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertThat(all.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    assertThat(ran.get()).isEqualTo(submitters * each);
  }

  @Test
  void tasksSubmittedOneAtATimeToAnIdleLoopAllRun() throws Exception {
    loop = newLoop(2, 2);
    for (int i = 0; i < 200; i++) {
      awaitAllIdle();
      CountDownLatch one = new CountDownLatch(1);
      loop.execute(one::countDown);
      assertThat(one.await(WAIT_S, TimeUnit.SECONDS)).as("task %d on an idle loop", i).isTrue();
    }
  }

  @Test
  void aTimerRunsNoEarlierThanItsDelayAndTimersRunInDeadlineOrder() throws Exception {
    loop = newLoop(2, 2);
    awaitAllIdle();
    List<Integer> order = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(3);
    long start = System.nanoTime();
    long[] ranAfter = new long[3];
    int[] delaysMs = {60, 20, 40};
    for (int i = 0; i < 3; i++) {
      int k = i;
      loop.schedule(
          () -> {
            ranAfter[k] = System.nanoTime() - start;
            order.add(k);
            done.countDown();
          },
          TimeUnit.MILLISECONDS.toNanos(delaysMs[i]));
    }
    assertThat(done.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    assertThat(order).containsExactly(1, 2, 0);
    for (int i = 0; i < 3; i++) {
      assertThat(ranAfter[i]).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(delaysMs[i]));
    }
  }

  @Test
  void aTimerScheduledWhileTheLoopIsBusyStillRuns() throws Exception {
    loop = newLoop(1, 2);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch fired = new CountDownLatch(1);
    loop.execute(
        () -> {
          loop.schedule(fired::countDown, TimeUnit.MILLISECONDS.toNanos(5));
          awaitQuietly(release); // the only worker is busy past the deadline
        });
    Thread.sleep(20);
    assertThat(fired.getCount()).isEqualTo(1);
    release.countDown();
    assertThat(fired.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aChainOfTasksOnAQuietLoopStaysOnOneThread() throws Exception {
    loop = newLoop(2, 2);
    awaitAllIdle();
    Set<String> threads = ConcurrentHashMap.newKeySet();
    CountDownLatch done = new CountDownLatch(1);
    loop.execute(new Chain(500, threads, done));
    assertThat(done.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    // Each link submits the next from the loop's own thread: a fork-join pool would wake the idle
    // second worker for it, the loop leaves it parked.
    assertThat(threads).hasSize(1);
  }

  @Test
  void tasksQueuedBehindABusyWorkerWakeTheSecond() throws Exception {
    loop = newLoop(2, 2);
    awaitAllIdle();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch busy = new CountDownLatch(1);
    loop.execute(
        () -> {
          busy.countDown();
          awaitQuietly(release);
        });
    assertThat(busy.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    CountDownLatch queued = new CountDownLatch(2);
    loop.execute(queued::countDown);
    loop.execute(queued::countDown);
    try {
      assertThat(queued.await(WAIT_S, TimeUnit.SECONDS))
          .as("two tasks waiting behind a busy worker run on the other")
          .isTrue();
    } finally {
      release.countDown();
    }
  }

  @Test
  void aTaskThatThrowsDoesNotStopTheLoop() throws Exception {
    loop = newLoop(1, 2);
    loop.execute(
        () -> {
          throw new IllegalStateException("test: a failing task");
        });
    CountDownLatch after = new CountDownLatch(1);
    loop.execute(after::countDown);
    assertThat(after.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aShutDownLoopRefusesWorkAndTerminates() throws Exception {
    loop = newLoop(2, 2);
    loop.shutdown();
    assertThat(loop.awaitTermination(WAIT_S, TimeUnit.SECONDS)).isTrue();
    assertThat(loop.isTerminated()).isTrue();
    assertThatThrownBy(() -> loop.execute(() -> {})).isInstanceOf(RejectedExecutionException.class);
    assertThatThrownBy(() -> loop.schedule(() -> {}, 1))
        .isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  void refusesNoThreadsOrASpillAtBelowOne() {
    assertThatThrownBy(() -> newLoop(0, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> newLoop(2, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * Waits (bounded) until every worker of the loop is parked, or waits in its selector (a thread in
   * {@code epoll_wait} is runnable to Java: its top frame tells).
   */
  void awaitAllIdle() throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
    while (System.nanoTime() < until) {
      long parked =
          Thread.getAllStackTraces().entrySet().stream()
              .filter(e -> e.getKey().getName().startsWith("t-"))
              .filter(e -> e.getKey().getState() == Thread.State.WAITING || selecting(e.getValue()))
              .count();
      if (parked == loop.threads()) {
        return;
      }
      Thread.sleep(5);
    }
    throw new AssertionError("the loop's workers did not go idle within " + WAIT_S + " s");
  }

  private static boolean selecting(StackTraceElement[] stack) {
    return stack.length > 0
        && stack[0].getClassName().equals("sun.nio.ch.EPoll")
        && stack[0].getMethodName().equals("wait");
  }

  static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(WAIT_S, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private final class Chain implements Runnable {
    private final int left;
    private final Set<String> threads;
    private final CountDownLatch done;

    Chain(int left, Set<String> threads, CountDownLatch done) {
      this.left = left;
      this.threads = threads;
      this.done = done;
    }

    @Override
    public void run() {
      threads.add(Thread.currentThread().getName());
      if (left == 0) {
        done.countDown();
      } else {
        loop.execute(new Chain(left - 1, threads, done));
      }
    }
  }
}
