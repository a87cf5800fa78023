package solventa.quote.node;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import org.apache.pekko.actor.typed.ActorSystem;
import solventa.rating.CostTimer;

/**
 * Rating's fixed cost on Pekko's scheduler: the node has one timer for everything, the same one
 * that runs the 120 ms budget, the 700 ms hard timeout and the breaker's reset. Its completion runs
 * on the default dispatcher, never on the scheduler's own thread.
 *
 * <p>Pekko's scheduler fires a one-shot timer one to two ticks after its delay. Rating's cost
 * stands in for computation, so this timer asks for the whole ticks the scheduler is measured to
 * add less ({@link CostTimerCalibration}): the realized cost's median lies within a tick above the
 * configured cost instead of one to two ticks. Only rating's cost is compensated; the budget and
 * the hard timeout keep the scheduler's lateness, which is the product's.
 *
 * <p>Rating starts before the actor system (a bad rule set refuses the start before the node joins
 * the cluster), so the system is attached once it exists; no quote is priced before that.
 */
final class SchedulerCostTimer implements CostTimer {
  /** The most ticks ever taken off a cost: the scheduler's structural lateness is under two. */
  static final int MAX_COMPENSATION_TICKS = 2;

  /** Cost timers per recalibration. */
  static final int CALIBRATION_WINDOW = 256;

  private volatile ActorSystem<?> system;
  private volatile CostTimerCalibration calibration;

  void attach(ActorSystem<?> system) {
    Duration tick = system.settings().config().getDuration("pekko.scheduler.tick-duration");
    this.calibration =
        new CostTimerCalibration(tick.toNanos(), MAX_COMPENSATION_TICKS, CALIBRATION_WINDOW);
    this.system = system;
  }

  @Override
  public void schedule(Runnable task, long delayNanos) {
    ActorSystem<?> s = system;
    if (s == null) {
      throw new RejectedExecutionException("the node's actor system is not up yet");
    }
    CostTimerCalibration c = calibration;
    long asked = c.askFor(delayNanos);
    long scheduledAt = System.nanoTime();
    Runnable observed =
        () -> {
          c.observe(asked, System.nanoTime() - scheduledAt);
          task.run();
        };
    try {
      s.scheduler().scheduleOnce(Duration.ofNanos(asked), observed, s.executionContext());
    } catch (IllegalStateException e) { // the scheduler is shut down
      throw new RejectedExecutionException("the node's scheduler is shut down", e);
    }
  }
}
