package solventa.quote.node;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import org.apache.pekko.actor.typed.ActorSystem;
import solventa.rating.CostTimer;

/**
 * Rating's fixed cost on Pekko's scheduler: the node has one timer for everything, the same one
 * that runs the 120 ms budget, the 700 ms hard timeout and the breaker's reset (decision 0039). The
 * cost ends up to one {@code pekko.scheduler.tick-duration} late, and its completion runs on the
 * default dispatcher, never on the scheduler's own thread.
 *
 * <p>Rating starts before the actor system (a bad rule set refuses the start before the node joins
 * the cluster), so the system is attached once it exists; no quote is priced before that.
 */
final class SchedulerCostTimer implements CostTimer {
  private volatile ActorSystem<?> system;

  void attach(ActorSystem<?> system) {
    this.system = system;
  }

  @Override
  public void schedule(Runnable task, long delayNanos) {
    ActorSystem<?> s = system;
    if (s == null) {
      throw new RejectedExecutionException("the node's actor system is not up yet");
    }
    try {
      s.scheduler()
          .scheduleOnce(Duration.ofNanos(Math.max(0, delayNanos)), task, s.executionContext());
    } catch (IllegalStateException e) { // the scheduler is shut down
      throw new RejectedExecutionException("the node's scheduler is shut down", e);
    }
  }
}
