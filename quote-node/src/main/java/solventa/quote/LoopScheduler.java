package solventa.quote;

import com.typesafe.config.Config;
import java.io.Closeable;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.Scheduler;
import org.apache.pekko.actor.SchedulerException;
import org.apache.pekko.event.LoggingAdapter;
import scala.concurrent.ExecutionContext;
import scala.concurrent.duration.FiniteDuration;

/**
 * Pekko's scheduler on the node loop's timers (decision 0036): every Pekko timer of a node whose
 * dispatcher is the loop — entity budgets, the adapter's hard timeout, {@code ask} timeouts, stream
 * and HTTP timeouts, cluster ticks — is an entry in {@link NodeLoop}'s timer queue, due at its
 * deadline to within the loop's timer precision, and handed to its execution context then.
 *
 * <p>Pekko's own scheduler ({@code LightArrayRevolverScheduler}) has a thread that wakes every tick
 * (10 ms) whether anything is due or not, and runs a task at the first tick after its deadline: up
 * to a tick late, and more when the machine is busy. In the quick experiment an arm-C quote whose
 * 120 ms budget ran out was answered at 194 ms (p50) where the budget plus the rating cost is 180
 * ms; on the loop's timers, at 181 ms.
 *
 * <p>Pekko makes the scheduler before anything else of the actor system, by reflection, from the
 * class named in {@code pekko.scheduler.implementation} and the constructor {@code (Config,
 * LoggingAdapter, ThreadFactory)}; the loop reaches it through {@link #offer}, which names it in
 * the configuration ({@value #LOOP_KEY}). Cancelling drops the loop's timer: a cancelled task wakes
 * no thread at its deadline.
 */
public final class LoopScheduler implements Scheduler, Closeable {
  /** The configuration key naming the loop {@link #offer} handed over. */
  public static final String LOOP_KEY = "quote.dispatcher.scheduler-loop";

  private static final ConcurrentHashMap<String, NodeLoop> OFFERED = new ConcurrentHashMap<>();

  private final NodeLoop loop;
  private final LoggingAdapter log;
  private volatile boolean closed;

  /** Pending once-tasks that Pekko asks to run when the scheduler closes. */
  private final Set<Once> runOnClose = ConcurrentHashMap.newKeySet();

  /**
   * Offers {@code loop} to the next actor system whose configuration carries the returned name
   * under {@value #LOOP_KEY} (taken once). Offers of loops already shut down are dropped.
   */
  public static String offer(NodeLoop loop) {
    OFFERED.values().removeIf(NodeLoop::isShutdown);
    String name = UUID.randomUUID().toString();
    OFFERED.put(name, loop);
    return name;
  }

  /**
   * Pekko's constructor.
   *
   * @throws IllegalArgumentException the configuration names no offered loop
   */
  public LoopScheduler(Config config, LoggingAdapter log, ThreadFactory unused) {
    String name = config.hasPath(LOOP_KEY) ? config.getString(LOOP_KEY) : "";
    NodeLoop offered = OFFERED.remove(name);
    if (offered == null) {
      throw new IllegalArgumentException(
          LOOP_KEY + " = '" + name + "' names no loop offered by LoopScheduler.offer");
    }
    this.loop = offered;
    this.log = log;
  }

  /** A scheduler on {@code loop}, for tests. */
  static LoopScheduler on(NodeLoop loop, LoggingAdapter log) {
    return new LoopScheduler(
        com.typesafe.config.ConfigFactory.parseMap(java.util.Map.of(LOOP_KEY, offer(loop))),
        log,
        null);
  }

  @Override
  public Cancellable scheduleOnce(FiniteDuration delay, Runnable task, ExecutionContext ec) {
    Once once = new Once(task, ec);
    if (task instanceof Scheduler.TaskRunOnClose) {
      runOnClose.add(once);
    }
    once.entry = arm(once, delay.toNanos());
    if (once.isCancelled()) {
      once.entry.cancel(); // cancelled before it was armed
    }
    return once;
  }

  @Override
  public Cancellable schedule(
      FiniteDuration initialDelay, FiniteDuration interval, Runnable task, ExecutionContext ec) {
    long every = interval.toNanos();
    if (every <= 0) {
      throw new IllegalArgumentException("interval must be positive: " + interval);
    }
    Repeat repeat = new Repeat(task, ec, every, System.nanoTime() + initialDelay.toNanos());
    repeat.entry = arm(repeat, initialDelay.toNanos());
    return repeat;
  }

  /** The loop's timers wait in whole milliseconds, then park for the rest: no tick. */
  @Override
  public double maxFrequency() {
    return 1000.0;
  }

  /** Cancels what is pending; tasks marked {@link Scheduler.TaskRunOnClose} run now. */
  @Override
  public void close() {
    closed = true;
    for (Once once : runOnClose) {
      Runnable task = once.take();
      if (task != null) {
        try {
          task.run();
        } catch (RuntimeException e) {
          log.error(e, "a task run on the scheduler's close failed");
        }
      }
    }
    runOnClose.clear();
  }

  /**
   * Puts {@code fire} on the loop's timers.
   *
   * @throws IllegalStateException once closed, as Pekko's own scheduler does (a dispatcher that
   *     finds the scheduler closed shuts down at once instead of later)
   */
  private NodeLoop.Timer arm(Runnable fire, long delayNanos) {
    if (closed) {
      throw refused("the node's scheduler is closed");
    }
    try {
      return loop.timer(fire, delayNanos);
    } catch (RejectedExecutionException e) {
      throw refused("the node loop is shut down");
    }
  }

  private static IllegalStateException refused(String why) {
    String message = "cannot schedule: " + why;
    return new IllegalStateException(message, new SchedulerException(message));
  }

  private void dispatch(Runnable task, ExecutionContext ec) {
    try {
      ec.execute(task);
    } catch (RejectedExecutionException e) {
      // the task's execution context is shutting down: nothing left to run it
      log.debug("a scheduled task's execution context refused it: {}", e.getMessage());
    } catch (RuntimeException e) {
      ec.reportFailure(e);
    }
  }

  /** Takes a cancelled task's timer out of the loop's queue (null: not armed yet). */
  private static void drop(NodeLoop.Timer entry) {
    if (entry != null) {
      entry.cancel();
    }
  }

  private static final int PENDING = 0;
  private static final int FIRED = 1;
  private static final int CANCELLED = 2;

  /** A task run once at its deadline, unless cancelled first. */
  private final class Once extends AtomicInteger implements Cancellable, Runnable {
    private Runnable task;
    private ExecutionContext ec;

    /** The loop's timer, dropped from the loop's queue on cancel. */
    volatile NodeLoop.Timer entry;

    Once(Runnable task, ExecutionContext ec) {
      this.task = task;
      this.ec = ec;
    }

    /** The task if still pending (now claimed), else null. */
    Runnable take() {
      if (!compareAndSet(PENDING, FIRED)) {
        return null;
      }
      Runnable t = task;
      task = null;
      ec = null;
      return t;
    }

    @Override
    public void run() { // the loop's timer is due
      ExecutionContext context = ec;
      Runnable t = take();
      if (t == null || closed) {
        return;
      }
      runOnClose.remove(this);
      dispatch(t, context);
    }

    @Override
    public boolean cancel() {
      if (!compareAndSet(PENDING, CANCELLED)) {
        return false;
      }
      task = null;
      ec = null;
      runOnClose.remove(this);
      drop(entry);
      return true;
    }

    @Override
    public boolean isCancelled() {
      return get() == CANCELLED;
    }
  }

  /** A task run every {@code every} nanoseconds from its first deadline, until cancelled. */
  private final class Repeat implements Cancellable, Runnable {
    private final Runnable task;
    private final ExecutionContext ec;
    private final long every;
    private long deadline; // touched only by the loop's timer run

    /** The loop's timer for the next run. */
    volatile NodeLoop.Timer entry;

    private final java.util.concurrent.atomic.AtomicBoolean cancelled =
        new java.util.concurrent.atomic.AtomicBoolean();

    Repeat(Runnable task, ExecutionContext ec, long every, long firstDeadline) {
      this.task = task;
      this.ec = ec;
      this.every = every;
      this.deadline = firstDeadline;
    }

    @Override
    public void run() {
      if (cancelled.get() || closed) {
        return;
      }
      dispatch(task, ec);
      long now = System.nanoTime();
      // fixed rate; a run late by more than a period starts the rate again from now
      deadline = deadline + every - now < 0 ? now + every : deadline + every;
      try {
        entry = loop.timer(this, deadline - now);
      } catch (RejectedExecutionException e) {
        cancelled.set(true); // the loop is shut down
      }
    }

    @Override
    public boolean cancel() {
      if (!cancelled.compareAndSet(false, true)) {
        return false;
      }
      drop(entry);
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled.get();
    }
  }
}
