package solventa.ops.runner;

import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.ops.analysis.Breakpoints;
import solventa.ops.analysis.RateBisection;
import solventa.ops.analysis.StepResult;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepSpec;

/**
 * The break-point steps the runner adds ({@link BreakpointPlan}): after a series' last step so far,
 * the rate bisection's next rate over the series' results ({@link Breakpoints}), as the series'
 * next step, its trial number counting the steps already run at that rate.
 */
final class BreakpointSteps {
  private static final Logger log = LoggerFactory.getLogger(BreakpointSteps.class);

  private BreakpointSteps() {}

  /** The step to add after step {@code i} of {@code steps}, or empty. Pure but for the log. */
  static Optional<StepSpec> after(
      ExperimentProfile p, List<StepSpec> steps, int i, List<StepResult> done) {
    String series = BreakpointPlan.series(steps.get(i));
    if (series == null || !BreakpointPlan.isLastOfSeries(steps, i)) {
      return Optional.empty();
    }
    RateBisection.Answer a = Breakpoints.answer(p, series, done);
    if (a.next() == null) {
      log.info("break point of {} done: {}", series, a.reason());
      return Optional.empty();
    }
    int trial =
        1
            + (int)
                Breakpoints.of(series, done).stream()
                    .filter(s -> s.spec().rate() == a.next())
                    .count();
    StepSpec step = BreakpointPlan.step(p, series, a.next(), trial, true);
    log.info("break point of {}: {}; adding {}", series, a.reason(), step.id());
    return Optional.of(step);
  }
}
