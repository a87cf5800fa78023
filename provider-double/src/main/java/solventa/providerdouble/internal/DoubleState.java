package solventa.providerdouble.internal;

import java.util.SplittableRandom;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import solventa.providerdouble.BodyMode;
import solventa.providerdouble.ErrorShares;
import solventa.providerdouble.HealthyTail;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.LatencySampler;

/**
 * The double's run-time settings and the seeded draws every profile call takes.
 *
 * <p>Request → sample mapping (the reproducibility contract): calls are numbered k = 0, 1, … in the
 * order they take {@link #next()} (arrival order at this lock), counted from the last latency
 * change; call k waits latency sample k of {@code LatencySampler(seed)}. Independently, counted
 * from the last error-share change, call j answers {@code errors.statusFor(u_j)} where {@code u_j}
 * is the j-th {@code nextDouble()} of {@code SplittableRandom(seed ^ ERROR_SALT)}. A change
 * restarts its sequence, so the same seed and the same request sequence per step see the same
 * latencies and the same errors.
 *
 * <p>Thread-safe by a single monitor: the critical sections only do arithmetic (no I/O, no
 * waiting), which is cheaper than a round trip through an actor and gives the arrival order for
 * free. Holds nothing durable: a new double starts from its settings again.
 */
public final class DoubleState {

  /** Salts the error stream so it is not the latency stream's uniforms. */
  static final long ERROR_SALT = 0x6A09E667F3BCC908L;

  /**
   * What one call gets: its index since the latency change, its profile, delay and status, the
   * {@code Retry-After} a 429 carries (0: none) and the body a 200 carries.
   */
  public record Draw(
      long index,
      String profile,
      double delayMs,
      int status,
      int retryAfterSec,
      BodyMode bodyMode) {}

  /** A latency change scheduled for later. */
  public record Pending(LatencyProfile profile, long dueAtNanos) {}

  /**
   * A consistent copy of the settings in force; a pending healthy profile is shown as the healthy
   * tail in force reads it.
   */
  public record Snapshot(
      LatencyProfile profile,
      Pending pending,
      ErrorShares errors,
      long requestsSinceLatencyChange,
      long requestsSinceErrorsChange,
      BodyMode bodyMode,
      HealthyTail healthyTail) {}

  private final long seed;
  private final ScheduledExecutorService timer;

  private LatencyProfile profile;
  private LatencySampler sampler;
  private ErrorShares errors;
  private SplittableRandom errorRandom;
  private long errorDraws;
  private Pending pending;
  private ScheduledFuture<?> pendingTask;
  private BodyMode bodyMode = BodyMode.CONTRACT;
  private HealthyTail healthyTail;

  public DoubleState(
      long seed, LatencyProfile profile, ErrorShares errors, ScheduledExecutorService timer) {
    this(seed, profile, errors, HealthyTail.P99, timer);
  }

  /** With the healthy tail read as {@code healthyTail} ({@link LatencyProfile#healthy}). */
  public DoubleState(
      long seed,
      LatencyProfile profile,
      ErrorShares errors,
      HealthyTail healthyTail,
      ScheduledExecutorService timer) {
    this.seed = seed;
    this.timer = timer;
    this.healthyTail = healthyTail;
    setProfileNow(profile);
    setErrors(errors);
  }

  /** The draws for the next profile call. */
  public synchronized Draw next() {
    long k = sampler.taken();
    double delay = sampler.nextMillis(profile);
    errorDraws++;
    int status = errors.statusFor(errorRandom.nextDouble());
    return new Draw(k, profile.name(), delay, status, errors.retryAfterSec(), bodyMode);
  }

  /**
   * Puts {@code newProfile} in force after {@code afterMs} (at once if 0). Cancels any change still
   * pending: the last admin call wins.
   */
  public synchronized void setProfile(LatencyProfile newProfile, long afterMs) {
    cancelPending();
    if (afterMs <= 0) {
      setProfileNow(newProfile);
      return;
    }
    Pending p = new Pending(newProfile, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(afterMs));
    pending = p;
    pendingTask = timer.schedule(() -> firePending(p), afterMs, TimeUnit.MILLISECONDS);
  }

  public synchronized void setErrors(ErrorShares newErrors) {
    errors = newErrors;
    errorRandom = new SplittableRandom(seed ^ ERROR_SALT);
    errorDraws = 0;
  }

  /** What the 200s carry from the next call on; takes no draw and restarts no sequence. */
  public synchronized void setBodyMode(BodyMode mode) {
    bodyMode = mode;
  }

  /**
   * Reads the healthy tail as {@code tail} from now on: every healthy profile set later, the one
   * pending included, is {@link LatencyProfile#healthy}{@code (tail)}; a healthy profile in force
   * is re-read at once and, like any latency change, restarts the sample sequence. Another profile
   * in force is left as it is.
   */
  public synchronized void setHealthyTail(HealthyTail tail) {
    if (tail == healthyTail) {
      return;
    }
    healthyTail = tail;
    if (profile.name().equals(LatencyProfile.HEALTHY.name())) {
      setProfileNow(profile);
    }
  }

  public synchronized Snapshot snapshot() {
    Pending shown =
        pending == null
            ? null
            : new Pending(
                LatencyProfile.read(pending.profile(), healthyTail), pending.dueAtNanos());
    return new Snapshot(profile, shown, errors, sampler.taken(), errorDraws, bodyMode, healthyTail);
  }

  private synchronized void firePending(Pending p) {
    if (pending == p) { // a later admin call may have replaced it
      pending = null;
      pendingTask = null;
      setProfileNow(p.profile());
    }
  }

  private void cancelPending() {
    if (pendingTask != null) {
      pendingTask.cancel(false);
    }
    pending = null;
    pendingTask = null;
  }

  private void setProfileNow(LatencyProfile newProfile) {
    profile = LatencyProfile.read(newProfile, healthyTail);
    sampler = new LatencySampler(seed);
  }
}
