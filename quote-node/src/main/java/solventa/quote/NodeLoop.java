package solventa.quote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.rating.CostTimer;

/**
 * The quote node's event loop (decision 0030): the executor behind Pekko's default dispatcher and
 * rating's cost timer, so that the end of the 60 ms cost and the answer that follows run on the
 * same thread as the rest of the quote instead of being handed over between threads.
 *
 * <p>Why not Pekko's fork-join pool: a fork-join pool wakes an idle worker for every task submitted
 * while one is idle, even when the submitting worker will run the task itself a microsecond later
 * (an actor sending to the next actor of the same quote). On the lab's 2-core machine each such
 * wake-up is a futex call and two context switches; at 800 quotes/s they were about six per quote
 * and a third of the node's CPU was the kernel's scheduler. This loop wakes a parked worker only
 * when no worker is awake, or when tasks queue up behind the awake ones ({@code spillAt} waiting):
 * a quiet node runs on one thread, a busy or cold one on all of them.
 *
 * <p>Invariants:
 *
 * <ul>
 *   <li>No task is lost: a worker that goes idle re-checks the queue and the timers after it
 *       announces itself idle and before it parks; a submitter that sees no worker awake wakes one.
 *   <li>Nothing here blocks but a parked idle worker. Timers are a {@link TimerQueue} (a heap for
 *       the next ~17 ms, buckets for the rest; decision 0038) under a lock held for one of its
 *       operations only; worker 0 parks until the timers' next time, any worker runs due timers
 *       between tasks.
 *   <li>A task that throws is logged and the worker goes on.
 * </ul>
 *
 * <p>With I/O (decision 0034) worker 0 also owns a {@link Selector}: it waits for sockets in the
 * selector where it would otherwise park, handles their readiness itself ({@link Ready}), and polls
 * the selector between tasks. A socket that becomes readable while the loop idles then wakes one
 * thread, the one that reads it and runs what follows, instead of a selector thread that hands the
 * read over to a dispatcher thread.
 *
 * <p>Thread-safe.
 */
public final class NodeLoop extends AbstractExecutorService implements CostTimer {
  private static final Logger log = LoggerFactory.getLogger(NodeLoop.class);

  private final String name;
  private final Worker[] workers;
  private final int spillAt;
  private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();

  /** Tasks offered and not yet taken (transiently one off either way: a count, not a size). */
  private final AtomicInteger queued = new AtomicInteger();

  /** Workers not idle: running, about to poll, or claimed by a waker. */
  private final AtomicInteger awake = new AtomicInteger();

  private final Object timerLock = new Object();
  private final TimerQueue timers = new TimerQueue(System.nanoTime()); // guarded by timerLock

  /**
   * The timers' next time ({@link TimerQueue#next}), or {@link TimerQueue#NONE}: read without the
   * lock between tasks.
   */
  private volatile long nextAt = TimerQueue.NONE;

  private volatile boolean shutdown;
  private final CountDownLatch exited;

  /** Worker 0's selector, or null without I/O. */
  private final Selector selector;

  /** Tasks worker 0 runs between two polls of its selector while it is busy. */
  static final int TASKS_PER_POLL = 64;

  /** A selector's wait has whole milliseconds; a shorter wait until a timer is a timed park. */
  private static final long SELECT_GRAIN_NANOS = 1_000_000;

  /** What a registered channel does when it is ready: runs on worker 0, must not block. */
  @FunctionalInterface
  public interface Ready {
    void ready(SelectionKey key);
  }

  /**
   * Starts {@code threads} workers named {@code name-0..}.
   *
   * @param spillAt tasks waiting at which a parked worker is woken though another is awake (≥ 1)
   */
  public NodeLoop(String name, int threads, int spillAt) {
    this(name, threads, spillAt, false);
  }

  /**
   * Starts {@code threads} workers named {@code name-0..}; with {@code io}, worker 0 owns a
   * selector ({@link #register}).
   *
   * @param spillAt tasks waiting at which a parked worker is woken though another is awake (≥ 1)
   */
  public NodeLoop(String name, int threads, int spillAt, boolean io) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1: " + threads);
    }
    if (spillAt < 1) {
      throw new IllegalArgumentException("spillAt must be at least 1: " + spillAt);
    }
    this.name = name;
    this.spillAt = spillAt;
    this.workers = new Worker[threads];
    this.exited = new CountDownLatch(threads);
    try {
      this.selector = io ? Selector.open() : null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the loop's selector", e);
    }
    awake.set(threads);
    for (int i = 0; i < threads; i++) {
      Worker w = new Worker(i);
      workers[i] = w;
      w.thread = new Thread(() -> work(w), name + "-" + i);
      w.thread.setDaemon(true);
    }
    for (Worker w : workers) {
      w.thread.start();
    }
  }

  /** The loop's threads (for tests and diagnostics). */
  public int threads() {
    return workers.length;
  }

  /** Whether worker 0 owns a selector. */
  public boolean io() {
    return selector != null;
  }

  /**
   * Registers {@code channel} (non-blocking) with worker 0's selector; {@code ready} runs on worker
   * 0 whenever the channel is ready for one of the key's interest ops. Callable from any thread:
   * the key's {@code interestOpsOr}/{@code interestOpsAnd} change it later, followed by {@link
   * #selectorChanged}.
   */
  public SelectionKey register(SelectableChannel channel, int ops, Ready ready)
      throws ClosedChannelException {
    if (selector == null) {
      throw new IllegalStateException(name + " has no I/O");
    }
    SelectionKey key = channel.register(selector, ops, ready);
    selectorChanged();
    return key;
  }

  /**
   * After a key's interest changed off worker 0: wakes worker 0 if it waits in its selector, which
   * would otherwise wait with the old interest. On worker 0 nothing is needed: its next poll
   * applies the change.
   */
  public void selectorChanged() {
    if (selector != null && Thread.currentThread() != workers[0].thread) {
      Worker w0 = workers[0];
      if (w0.selecting) {
        selector.wakeup();
      }
    }
  }

  @Override
  public void execute(Runnable task) {
    accepting(task);
    tasks.offer(task);
    int waiting = queued.incrementAndGet();
    if (awake.get() == 0 || waiting >= spillAt) {
      wakeOne();
    }
  }

  @Override
  public void schedule(Runnable task, long delayNanos) {
    timer(task, delayNanos);
  }

  /** A timer {@link #timer} set, which its owner may cancel before it is due. */
  public interface Timer {
    /**
     * Drops the task unless the loop already took it to run (a cancel racing the deadline may lose;
     * a caller that must know keeps its own state, as {@link LoopScheduler} does). A cancelled
     * timer keeps no task, and the idle loop takes it out of its queue (decision 0036).
     */
    void cancel();
  }

  /**
   * As {@link #schedule}, cancellable.
   *
   * @throws RejectedExecutionException the loop is shut down
   */
  public Timer timer(Runnable task, long delayNanos) {
    accepting(task);
    Timed t = new Timed(System.nanoTime() + Math.max(0, delayNanos), task);
    boolean earliest;
    synchronized (timerLock) {
      earliest = timers.add(t);
      if (earliest) { // else the queue's next time is unchanged: nextAt still mirrors it
        nextAt = t.deadline;
      }
    }
    if (earliest) {
      // Worker 0 keeps the timers' next time while parked; an awake one sees the new one itself.
      wake(workers[0]);
    }
    return t;
  }

  /**
   * The timers' next time with the cancelled ones in front dropped, or {@link TimerQueue#NONE}: a
   * worker never starts to wait for a timer that will not run.
   */
  private long liveNext() {
    if (nextAt == TimerQueue.NONE) {
      return TimerQueue.NONE;
    }
    synchronized (timerLock) {
      timers.settle();
      long n = timers.next();
      nextAt = n;
      return n;
    }
  }

  /** Refuses a null task, and any task once the loop is shut down. */
  private void accepting(Runnable task) {
    if (task == null) {
      throw new NullPointerException("task");
    }
    if (shutdown) {
      throw new RejectedExecutionException(name + " is shut down");
    }
  }

  private void work(Worker me) {
    boolean selects = me.index == 0 && selector != null;
    int sincePoll = 0;
    try {
      for (; ; ) {
        Runnable t = tasks.poll();
        if (t != null) {
          if (queued.decrementAndGet() >= spillAt) {
            wakeOne();
          }
          run(t);
          runDueTimers();
          if (selects && ++sincePoll >= TASKS_PER_POLL) {
            sincePoll = 0;
            select(me, -1);
          }
          continue;
        }
        if (runDueTimers()) {
          continue;
        }
        if (selects && select(me, -1)) {
          continue;
        }
        sincePoll = 0;
        if (shutdown) {
          return;
        }
        long next = liveNext();
        boolean none = next == TimerQueue.NONE;
        long wait = none ? 0 : next - System.nanoTime();
        // A wait the selector can keep (none, or whole milliseconds): wait in the selector.
        me.selecting = selects && (none || wait >= SELECT_GRAIN_NANOS);
        me.idle.set(true);
        awake.decrementAndGet();
        // Worker 0 waits for the timers: if their next time changed since it looked, another
        // thread set a timer before it could see this worker idle, and its wake-up missed
        if (!tasks.isEmpty() || due() || (me.index == 0 && nextAt != next) || shutdown) {
          me.selecting = false;
          reclaim(me);
          continue;
        }
        if (me.selecting) {
          select(me, none ? 0 : wait / SELECT_GRAIN_NANOS);
        } else if (me.index == 0 && !none) {
          LockSupport.parkNanos(this, wait);
        } else {
          LockSupport.park(this);
        }
        reclaim(me);
      }
    } finally {
      if (selects) {
        closeSelector();
      }
      exited.countDown();
    }
  }

  /**
   * Waits in the selector ({@code millis}: -1 not at all, 0 until woken) and handles what is ready;
   * whether anything was. A waiting worker 0 is counted idle: it reclaims itself before it handles
   * the readiness.
   */
  private boolean select(Worker me, long millis) {
    int n;
    try {
      n = millis < 0 ? selector.selectNow() : selector.select(millis);
    } catch (IOException | java.nio.channels.ClosedSelectorException e) {
      if (!shutdown) {
        log.error("{}: the selector failed", name, e);
      }
      return false;
    } finally {
      me.selecting = false;
    }
    if (millis >= 0) {
      reclaim(me);
    }
    if (n == 0) {
      return false;
    }
    Iterator<SelectionKey> ready = selector.selectedKeys().iterator();
    while (ready.hasNext()) {
      SelectionKey key = ready.next();
      ready.remove();
      if (key.isValid()) {
        try {
          ((Ready) key.attachment()).ready(key);
        } catch (Throwable e) {
          log.error("{}: a channel's readiness failed", name, e);
        }
      }
    }
    return true;
  }

  private void closeSelector() {
    try {
      selector.close();
    } catch (IOException e) {
      log.warn("{}: closing the selector failed", name, e);
    }
  }

  /** Back from idle by itself (timeout, spurious wake-up, re-check): counts itself awake again. */
  private void reclaim(Worker me) {
    if (me.idle.compareAndSet(true, false)) {
      awake.incrementAndGet();
    }
    // else a waker claimed this worker and counted it awake already
  }

  private void wakeOne() {
    for (Worker w : workers) {
      if (wake(w)) {
        return;
      }
    }
  }

  private boolean wake(Worker w) {
    if (w.idle.compareAndSet(true, false)) {
      awake.incrementAndGet();
      if (w.selecting) {
        selector.wakeup();
      } else {
        LockSupport.unpark(w.thread);
      }
      return true;
    }
    return false;
  }

  /** Whether the timers' next time has come (a due timer, or a bucket to move into the heap). */
  private boolean due() {
    long n = nextAt;
    return n != TimerQueue.NONE && n - System.nanoTime() <= 0;
  }

  /** Runs every timer due now; whether it ran any. */
  private boolean runDueTimers() {
    if (!due()) {
      return false;
    }
    boolean ran = false;
    for (; ; ) {
      TimerQueue.Entry t;
      synchronized (timerLock) {
        t = timers.poll(System.nanoTime());
        nextAt = timers.next();
        if (t == null) {
          return ran;
        }
      }
      Runnable task = t.task;
      if (task != null) { // null: cancelled
        run(task);
        ran = true;
      }
    }
  }

  private void run(Runnable t) {
    try {
      t.run();
    } catch (Throwable e) {
      log.error("{}: a task failed", Thread.currentThread().getName(), e);
    }
  }

  @Override
  public void shutdown() {
    shutdown = true;
    if (selector != null) {
      selector.wakeup();
    }
    for (Worker w : workers) {
      LockSupport.unpark(w.thread);
    }
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown();
    List<Runnable> left = new ArrayList<>();
    for (Runnable t; (t = tasks.poll()) != null; ) {
      left.add(t);
    }
    synchronized (timerLock) {
      left.addAll(timers.clear());
      nextAt = TimerQueue.NONE;
    }
    return left;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return exited.getCount() == 0;
  }

  /** Timers in the queue, cancelled ones not yet dropped included (tests). */
  int timersQueued() {
    synchronized (timerLock) {
      return timers.size();
    }
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return exited.await(timeout, unit);
  }

  private static final class Worker {
    final int index;
    final AtomicBoolean idle = new AtomicBoolean();

    /** Worker 0 waits, or is about to wait, in the selector: a waker calls its wakeup. */
    volatile boolean selecting;

    Thread thread;

    Worker(int index) {
      this.index = index;
    }
  }

  private static final class Timed extends TimerQueue.Entry implements Timer {
    Timed(long deadline, Runnable task) {
      super(deadline, task);
    }

    @Override
    public void cancel() {
      cancelTask();
    }
  }
}
