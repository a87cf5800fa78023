package solventa.rating;

/**
 * Where {@link RatingEngine} waits out its fixed cost: runs a task once a delay has passed, without
 * a thread waiting for it. By default the engine has a timer thread of its own; a host with its own
 * event loop can hand its timer instead (the quote node does, decision 0030), so that the end of
 * the cost and what follows run on the loop's thread rather than being handed over to it.
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
