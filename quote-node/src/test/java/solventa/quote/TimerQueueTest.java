package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decision 0038: the loop's timers fire at their deadline, in deadline order (ties in the order
 * they were set), whether they were set within the current bucket or far ahead; cancelled ones are
 * dropped without firing. Times are driven by the test (pure logic).
 */
class TimerQueueTest {
  static final long ORIGIN = 1_000_000_000L;
  static final long BUCKET = 1L << TimerQueue.BUCKET_SHIFT;
  static final long MS = 1_000_000L;

  final TimerQueue q = new TimerQueue(ORIGIN);

  static TimerQueue.Entry entry(long deadline, List<String> fired, String name) {
    return new TimerQueue.Entry(deadline, () -> fired.add(name));
  }

  /** Polls everything due at {@code now} and runs the live ones. */
  static void runDue(TimerQueue q, long now) {
    for (TimerQueue.Entry e; (e = q.poll(now)) != null; ) {
      Runnable t = e.task;
      if (t != null) {
        t.run();
      }
    }
  }

  @Test
  void nearAndFarTimersFireAtTheirDeadlineNotBefore() {
    List<String> fired = new ArrayList<>();
    q.add(entry(ORIGIN + 2 * MS, fired, "near")); // inside the first bucket
    q.add(entry(ORIGIN + 60 * MS, fired, "rating")); // three buckets on
    q.add(entry(ORIGIN + 5_000 * MS, fired, "timeout"));

    runDue(q, ORIGIN + 2 * MS - 1);
    assertThat(fired).isEmpty();
    runDue(q, ORIGIN + 2 * MS);
    assertThat(fired).containsExactly("near");
    runDue(q, ORIGIN + 60 * MS - 1);
    assertThat(fired).containsExactly("near");
    runDue(q, ORIGIN + 60 * MS);
    assertThat(fired).containsExactly("near", "rating");
    runDue(q, ORIGIN + 5_000 * MS - 1);
    assertThat(fired).containsExactly("near", "rating");
    runDue(q, ORIGIN + 5_000 * MS);
    assertThat(fired).containsExactly("near", "rating", "timeout");
    assertThat(q.size()).isZero();
    assertThat(q.next()).isEqualTo(TimerQueue.NONE);
  }

  @Test
  void nextIsTheEarliestDeadlineWhetherInTheHeapOrInABucket() {
    assertThat(q.next()).isEqualTo(TimerQueue.NONE);
    long far = ORIGIN + 10 * BUCKET + 123;
    assertThat(q.add(new TimerQueue.Entry(far, () -> {}))).as("first timer").isTrue();
    assertThat(q.next()).isEqualTo(far);
    assertThat(q.add(new TimerQueue.Entry(far + 5, () -> {}))).as("later: not earlier").isFalse();
    assertThat(q.add(new TimerQueue.Entry(far - 5, () -> {}))).as("same bucket, earlier").isTrue();
    assertThat(q.next()).isEqualTo(far - 5);
    assertThat(q.add(new TimerQueue.Entry(ORIGIN + 5, () -> {}))).as("near: earlier").isTrue();
    assertThat(q.next()).isEqualTo(ORIGIN + 5);
  }

  @Test
  void equalDeadlinesFireInTheOrderTheyWereSetAcrossBucketAndHeap() {
    List<String> fired = new ArrayList<>();
    long d = ORIGIN + 3 * BUCKET + 7;
    q.add(entry(d, fired, "a")); // set far ahead: a bucket
    q.add(entry(d, fired, "b"));
    runDue(q, ORIGIN + 3 * BUCKET); // the bucket's time begins: a and b move to the heap
    assertThat(fired).isEmpty();
    q.add(entry(d, fired, "c")); // set within the current bucket: the heap directly
    runDue(q, d);
    assertThat(fired).containsExactly("a", "b", "c");
  }

  @Test
  void cancelledFarTimersAreDroppedWithoutFiringAndWithoutWaitingForThem() {
    List<String> fired = new ArrayList<>();
    List<TimerQueue.Entry> timeouts = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      TimerQueue.Entry e = entry(ORIGIN + 1_500 * MS + i * MS, fired, "t" + i);
      timeouts.add(e);
      q.add(e);
    }
    q.add(entry(ORIGIN + 4_000 * MS, fired, "live"));
    assertThat(q.size()).isEqualTo(1001);
    timeouts.forEach(TimerQueue.Entry::cancelTask);

    // the idle loop drops them up to the live timer: its next time is then the live timer's
    q.settle();
    assertThat(q.size()).isEqualTo(1);
    assertThat(q.next()).isEqualTo(ORIGIN + 4_000 * MS);

    runDue(q, ORIGIN + 4_000 * MS);
    assertThat(fired).containsExactly("live");
  }

  @Test
  void aBucketWithALiveTimerStopsTheDropAndItsNextIsThatLiveTimers() {
    List<String> fired = new ArrayList<>();
    long b = ORIGIN + 2 * BUCKET;
    TimerQueue.Entry first = entry(b + 1, fired, "first");
    TimerQueue.Entry live = entry(b + 2, fired, "live");
    TimerQueue.Entry last = entry(b + 3, fired, "last");
    q.add(first);
    q.add(live);
    q.add(last);
    first.cancelTask();
    last.cancelTask();
    assertThat(q.next()).isEqualTo(b + 1);
    q.settle();
    assertThat(q.next()).as("the cancelled first no longer counts").isEqualTo(b + 2);
    runDue(q, b + 3);
    assertThat(fired).containsExactly("live");
    assertThat(q.size()).isZero();
  }

  @Test
  void clearHandsBackTheLiveTasksOnly() {
    List<String> fired = new ArrayList<>();
    TimerQueue.Entry dead = entry(ORIGIN + 9 * BUCKET, fired, "dead");
    q.add(entry(ORIGIN + 1, fired, "near"));
    q.add(entry(ORIGIN + 9 * BUCKET, fired, "far"));
    q.add(dead);
    dead.cancelTask();
    List<Runnable> left = q.clear();
    left.forEach(Runnable::run);
    assertThat(fired).containsExactlyInAnyOrder("near", "far");
    assertThat(q.size()).isZero();
    assertThat(q.next()).isEqualTo(TimerQueue.NONE);
  }

  /**
   * Against a model: random timers (0–3 s ahead, some cancelled, some set as time goes by) and
   * random steps of time. Every live timer fires once, at the first poll after it was set that is
   * at or after its deadline, in (deadline, order set) order; no cancelled one fires.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 42})
  void firesWhatAModelSaysAndWhenItSaysIt(long seed) {
    Random rnd = new Random(seed);
    record Set(long deadline, int order, int pollsBefore, TimerQueue.Entry entry) {}
    List<Set> all = new ArrayList<>();
    List<long[]> firedAt = new ArrayList<>(); // {order, time}
    List<Long> polls = new ArrayList<>();
    long now = ORIGIN;
    final long[] clock = {now};
    for (int step = 0; step < 2_000; step++) {
      int adds = rnd.nextInt(4);
      for (int i = 0; i < adds; i++) {
        long delay =
            rnd.nextInt(4) == 0 ? rnd.nextInt(3 * (int) MS) : (long) rnd.nextInt(3_000) * MS;
        int order = all.size();
        TimerQueue.Entry e =
            new TimerQueue.Entry(now + delay, () -> firedAt.add(new long[] {order, clock[0]}));
        all.add(new Set(now + delay, order, polls.size(), e));
        q.add(e);
      }
      if (!all.isEmpty() && rnd.nextInt(3) == 0) {
        Set victim = all.get(rnd.nextInt(all.size()));
        if (firedAt.stream().noneMatch(f -> f[0] == victim.order())) { // a cancel before it fired
          victim.entry().cancelTask();
        }
      }
      if (rnd.nextInt(5) == 0) {
        q.settle();
      }
      now += rnd.nextInt(4) == 0 ? rnd.nextInt(40) * MS : rnd.nextInt((int) MS);
      clock[0] = now;
      polls.add(now);
      runDue(q, now);
    }
    now += 4_000 * MS; // past every deadline
    clock[0] = now;
    polls.add(now);
    runDue(q, now);

    List<Set> live =
        all.stream()
            .filter(s -> s.entry().task != null)
            .sorted(Comparator.comparingLong(Set::deadline).thenComparingInt(Set::order))
            .toList();
    assertThat(firedAt.stream().map(f -> (int) f[0]).toList())
        .containsExactlyElementsOf(live.stream().map(Set::order).toList());
    for (long[] f : firedAt) {
      Set s = all.get((int) f[0]);
      long firstPollDue =
          polls.subList(s.pollsBefore(), polls.size()).stream()
              .filter(t -> t >= s.deadline())
              .findFirst()
              .orElseThrow();
      assertThat(f[1])
          .as("timer %d fired at the first poll at or after its deadline", f[0])
          .isEqualTo(firstPollDue);
    }
    assertThat(q.size()).isZero();
  }
}
