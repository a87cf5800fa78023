package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Decision 0034: with I/O, worker 0 waits in a selector instead of parking. Every test of {@link
 * NodeLoopTest} runs again on such a loop (no task lost, timers in order and never early, one
 * thread when quiet), and the tests here check the selector itself.
 */
class NodeLoopIoTest extends NodeLoopTest {
  private Pipe pipe;

  @Override
  NodeLoop newLoop(int threads, int spillAt) {
    return new NodeLoop("t", threads, spillAt, true);
  }

  @AfterEach
  void closePipe() throws Exception {
    if (pipe != null) {
      pipe.sink().close();
      pipe.source().close();
    }
  }

  @Test
  void aChannelThatBecomesReadableWhileTheLoopIdlesIsHandledOnWorkerZero() throws Exception {
    loop = newLoop(2, 2);
    pipe = Pipe.open();
    pipe.source().configureBlocking(false);
    List<String> handledOn = new CopyOnWriteArrayList<>();
    List<Integer> bytes = new CopyOnWriteArrayList<>();
    CountDownLatch read = new CountDownLatch(3);
    loop.register(
        pipe.source(),
        SelectionKey.OP_READ,
        key -> {
          ByteBuffer b = ByteBuffer.allocate(16);
          try {
            int n = pipe.source().read(b);
            if (n > 0) {
              handledOn.add(Thread.currentThread().getName());
              bytes.add(n);
              read.countDown();
            }
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    for (int i = 0; i < 3; i++) {
      awaitAllIdle(); // worker 0 waits in its selector, the other is parked
      pipe.sink().write(ByteBuffer.wrap(new byte[] {1, 2}));
      awaitQuietly(read, 3 - i - 1);
    }
    assertThat(read.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
    assertThat(handledOn).containsOnly("t-0");
    assertThat(bytes).containsExactly(2, 2, 2);
  }

  @Test
  void anInterestChangedFromAnotherThreadTakesEffectWhileWorkerZeroWaits() throws Exception {
    loop = newLoop(1, 2);
    pipe = Pipe.open();
    pipe.source().configureBlocking(false);
    pipe.sink().write(ByteBuffer.wrap(new byte[] {7})); // readable from the start
    CountDownLatch handled = new CountDownLatch(1);
    SelectionKey key = loop.register(pipe.source(), 0, k -> handled.countDown());
    awaitAllIdle();
    assertThat(handled.getCount()).as("no interest, no readiness").isEqualTo(1);
    key.interestOpsOr(SelectionKey.OP_READ);
    loop.selectorChanged();
    assertThat(handled.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aTimerShorterThanTheSelectorsMillisecondRunsNoEarlierThanItsDelay() throws Exception {
    loop = newLoop(1, 2);
    for (long delayMicros : new long[] {150, 600, 1500}) {
      awaitAllIdle();
      CountDownLatch fired = new CountDownLatch(1);
      long start = System.nanoTime();
      long[] after = new long[1];
      loop.schedule(
          () -> {
            after[0] = System.nanoTime() - start;
            fired.countDown();
          },
          TimeUnit.MICROSECONDS.toNanos(delayMicros));
      assertThat(fired.await(WAIT_S, TimeUnit.SECONDS)).isTrue();
      assertThat(after[0]).isGreaterThanOrEqualTo(TimeUnit.MICROSECONDS.toNanos(delayMicros));
    }
  }

  @Test
  void aLoopWithoutIoRefusesAChannel() throws Exception {
    NodeLoop plain = new NodeLoop("p", 1, 2);
    try {
      pipe = Pipe.open();
      pipe.source().configureBlocking(false);
      assertThat(plain.io()).isFalse();
      assertThatThrownBy(() -> plain.register(pipe.source(), SelectionKey.OP_READ, k -> {}))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("no I/O");
    } finally {
      plain.shutdownNow();
    }
  }

  /** Waits (bounded) until the latch is down to {@code left}. */
  private static void awaitQuietly(CountDownLatch latch, long left) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
    while (latch.getCount() > left && System.nanoTime() < until) {
      Thread.sleep(1);
    }
  }
}
