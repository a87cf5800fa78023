package solventa.ops.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * What a thread wake-up costs on this machine, in CPU: the unit the node's context switches per
 * quote are paid in. Measured in the runner's own JVM before the lab starts, with the threads' own
 * CPU clocks (not the machine's), so nothing else running in the JVM counts.
 *
 * <ul>
 *   <li><b>timed wake</b>: a thread parks for 1 ms and wakes by its timer (the node's loop waiting
 *       for the next rating deadline);
 *   <li><b>woken</b>: a parked thread woken by another one (a task handed to a parked loop thread,
 *       a readable socket handed from the TCP selector), its own CPU per wake;
 *   <li><b>waker</b>: what the {@code unpark} costs the thread that wakes it.
 * </ul>
 *
 * Every loop is bounded by {@code rounds}; the partner thread is stopped before it returns.
 *
 * @param rounds wakes measured of each kind
 * @param timedWakeMicros CPU per timed wake, µs; null if this JVM has no thread CPU clock
 * @param wokenMicros the woken thread's CPU per wake, µs; null likewise
 * @param wakerMicros the waker's CPU per wake it causes (its unpark), µs; null likewise
 * @param partnerWakes how many times the partner woke (equals rounds when every unpark woke it; 0
 *     when there was no clock and nothing ran)
 */
public record WakeCost(
    int rounds, Double timedWakeMicros, Double wokenMicros, Double wakerMicros, int partnerWakes) {

  private static final long GAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /**
   * Longest wait for the partner to have woken and parked again before the next round; after it the
   * probe goes on, and {@code partnerWakes} below {@code rounds} shows the wake that was missed.
   */
  private static final long PARTNER_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** Measures {@code rounds} wakes of each kind (about 2 × rounds ms of wall time). */
  public static WakeCost measure(int rounds) {
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be at least 1: " + rounds);
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    if (!mx.isCurrentThreadCpuTimeSupported() || !mx.isThreadCpuTimeSupported()) {
      return new WakeCost(rounds, null, null, null, 0); // no clock to price a wake-up with
    }
    if (!mx.isThreadCpuTimeEnabled()) {
      mx.setThreadCpuTimeEnabled(true);
    }

    long before = mx.getCurrentThreadCpuTime();
    for (int i = 0; i < rounds; i++) {
      LockSupport.parkNanos(GAP_NANOS);
    }
    long timed = mx.getCurrentThreadCpuTime() - before;

    AtomicInteger wakes = new AtomicInteger();
    Partner partner = new Partner(wakes);
    Thread t = new Thread(partner, "wake-cost-partner");
    t.setDaemon(true);
    t.start();
    long waker = 0;
    long woken = 0;
    try {
      awaitParked(t, wakes, 0);
      long partnerBefore = mx.getThreadCpuTime(t.getId());
      for (int i = 0; i < rounds; i++) {
        LockSupport.parkNanos(GAP_NANOS); // the partner is parked by now: this is a real wake
        long a = mx.getCurrentThreadCpuTime();
        LockSupport.unpark(t);
        waker += mx.getCurrentThreadCpuTime() - a;
        awaitParked(t, wakes, i + 1);
      }
      woken = mx.getThreadCpuTime(t.getId()) - partnerBefore;
    } finally {
      partner.stop = true;
      LockSupport.unpark(t);
      try {
        t.join(TimeUnit.NANOSECONDS.toMillis(PARTNER_WAIT_NANOS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return new WakeCost(
        rounds, timed / 1e3 / rounds, woken / 1e3 / rounds, waker / 1e3 / rounds, wakes.get());
  }

  /** Waits (bounded) until the partner has woken {@code count} times and is parked again. */
  private static void awaitParked(Thread t, AtomicInteger wakes, int count) {
    long deadline = System.nanoTime() + PARTNER_WAIT_NANOS;
    while ((wakes.get() < count || t.getState() != Thread.State.WAITING)
        && System.nanoTime() - deadline < 0) {
      Thread.onSpinWait();
    }
  }

  private static final class Partner implements Runnable {
    private final AtomicInteger wakes;
    volatile boolean stop;

    Partner(AtomicInteger wakes) {
      this.wakes = wakes;
    }

    @Override
    public void run() {
      while (!stop) {
        LockSupport.park(this);
        if (!stop) {
          wakes.incrementAndGet();
        }
      }
    }
  }
}
