package solventa.ops.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Breakpoints;
import solventa.ops.analysis.hypotheses.RateBisection;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepSpec;

/**
 * The break-point steps the runner adds to one walk ({@link BreakpointPlan}): after a series' last
 * step so far, the rate bisection's next rate over the series' results ({@link Breakpoints}), as
 * the series' next step, its trial number counting the steps already run at that rate. It keeps how
 * many steps each series may still add, for the console's estimate.
 */
final class BreakpointSteps {
  private static final Logger log = LoggerFactory.getLogger(BreakpointSteps.class);

  private final ExperimentProfile profile;
  private final Map<String, Integer> mayAdd = new LinkedHashMap<>();

  /** The walk of {@code plan}: each series it holds may add the profile's bound of steps. */
  BreakpointSteps(ExperimentProfile profile, List<StepSpec> plan) {
    this.profile = profile;
    int bound = Breakpoints.settings(profile).maxSteps();
    plan.stream()
        .map(BreakpointPlan::series)
        .filter(s -> s != null)
        .distinct()
        .forEach(s -> mayAdd.put(s, bound));
  }

  /** The steps the series may still add, at most. */
  int mayAdd() {
    return mayAdd.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The step to add after step {@code i} of {@code steps}, or empty. */
  Optional<StepSpec> after(List<StepSpec> steps, int i, List<StepResult> done) {
    String series = BreakpointPlan.series(steps.get(i));
    if (series == null || !BreakpointPlan.isLastOfSeries(steps, i)) {
      return Optional.empty();
    }
    Optional<StepSpec> next = next(profile, series, done);
    mayAdd.put(series, next.isPresent() ? Math.max(0, mayAdd.get(series) - 1) : 0);
    return next;
  }

  /** {@code series}' next step over the results so far, or empty. Pure but for the log. */
  static Optional<StepSpec> next(ExperimentProfile p, String series, List<StepResult> done) {
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
