package solventa.quote.profile;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Comparator;
import java.util.TreeSet;
import java.util.concurrent.ThreadFactory;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.Scheduler;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.event.LoggingAdapter;
import scala.concurrent.ExecutionContext;
import scala.concurrent.duration.FiniteDuration;

/**
 * An actor system's scheduler that moves only when the test calls {@link #advance}, and then runs
 * every task that falls due, in time order, on the test's thread; a task with no delay runs at
 * once. The test kit's {@code ManualTime} does the same but sleeps 100 ms in every step ({@code
 * ExplicitlyTriggeredScheduler.timePasses}, to let other dispatchers settle), which tests whose
 * actors run on the calling thread do not need.
 */
public final class SteppedScheduler implements Scheduler {

  private final Object lock = new Object();
  private final TreeSet<Task> tasks =
      new TreeSet<>(Comparator.comparingLong(Task::dueMs).thenComparingLong(Task::seq));
  private long nowMs;
  private long seq;

  /** The constructor Pekko calls for {@code pekko.scheduler.implementation}. */
  public SteppedScheduler(Config config, LoggingAdapter log, ThreadFactory threadFactory) {}

  /** Config that makes an actor system use this scheduler. */
  public static Config config() {
    return ConfigFactory.parseString(
        "pekko.scheduler.implementation = " + SteppedScheduler.class.getName());
  }

  public static SteppedScheduler of(ActorSystem<?> system) {
    return (SteppedScheduler) Adapter.toClassic(system).scheduler();
  }

  /** Moves time forward, running each task that falls due on the way, on this thread. */
  public void advance(Duration d) {
    long to;
    synchronized (lock) {
      to = nowMs + d.toMillis();
    }
    for (Task t = nextDue(to); t != null; t = nextDue(to)) {
      t.runnable().run(); // outside the lock: a task may schedule another
    }
    synchronized (lock) {
      nowMs = to;
    }
  }

  private Task nextDue(long to) {
    synchronized (lock) {
      Task first = tasks.isEmpty() ? null : tasks.first();
      if (first == null || first.dueMs() > to) {
        return null;
      }
      tasks.remove(first);
      nowMs = first.dueMs();
      if (first.intervalMs() > 0) {
        tasks.add(
            new Task(nowMs + first.intervalMs(), first.intervalMs(), seq++, first.runnable()));
      }
      return first;
    }
  }

  @Override
  public Cancellable scheduleOnce(FiniteDuration delay, Runnable runnable, ExecutionContext ec) {
    return add(delay.toMillis(), 0, runnable);
  }

  @Override
  public Cancellable schedule(
      FiniteDuration initialDelay,
      FiniteDuration interval,
      Runnable runnable,
      ExecutionContext ec) {
    return add(initialDelay.toMillis(), Math.max(1, interval.toMillis()), runnable);
  }

  private Cancellable add(long delayMs, long intervalMs, Runnable runnable) {
    if (delayMs <= 0 && intervalMs == 0) {
      runnable.run();
      return Done.INSTANCE;
    }
    Task t;
    synchronized (lock) {
      t = new Task(nowMs + Math.max(0, delayMs), intervalMs, seq++, runnable);
      tasks.add(t);
    }
    return new Cancellable() {
      private volatile boolean cancelled;

      @Override
      public boolean cancel() {
        synchronized (lock) {
          cancelled = true;
          // a periodic task is re-added under a new sequence number: drop every copy
          return tasks.removeIf(x -> x.runnable() == runnable);
        }
      }

      @Override
      public boolean isCancelled() {
        return cancelled;
      }
    };
  }

  @Override
  public double maxFrequency() {
    return 1000; // one step per millisecond
  }

  private record Task(long dueMs, long intervalMs, long seq, Runnable runnable) {}

  private enum Done implements Cancellable {
    INSTANCE;

    @Override
    public boolean cancel() {
      return false;
    }

    @Override
    public boolean isCancelled() {
      return false;
    }
  }
}
