package solventa.rating;

/**
 * Where {@link RatingEngine} waits out its fixed cost: runs a task once a delay has passed, without
 * a thread waiting for it. By default the engine has a timer thread of its own; a host can hand its
 * own timer instead (the quote node hands Pekko's scheduler: one timer for everything it waits on).
 */
@FunctionalInterface
public interface CostTimer {
  /**
   * Runs {@code task} once, {@code delayNanos} from now (at once if not positive). The task must be
   * short and must not block.
   *
   * @throws java.util.concurrent.RejectedExecutionException the timer is shut down
   */
  void schedule(Runnable task, long delayNanos);
}
