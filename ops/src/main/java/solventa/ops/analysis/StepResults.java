package solventa.ops.analysis;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;
import solventa.providerdouble.control.ProviderState;

/**
 * The step results of an experiment, with the look-ups the tables and verdicts need. Only the steps
 * measured under today's card readings: a step measured under another ({@link
 * solventa.ops.protocol.CardReading}) is left out here, so it never enters a verdict or a table;
 * the sensitivity table re-judges with it ({@link Sensitivity}).
 */
public record StepResults(List<StepResult> steps) {

  public StepResults {
    steps = steps.stream().filter(s -> s.spec().reading() == null).toList();
  }

  public Stream<StepResult> of(StepKind kind) {
    return steps.stream().filter(s -> s.spec().kind() == kind);
  }

  public List<String> runs() {
    return of(StepKind.WALK).map(s -> s.spec().run()).distinct().toList();
  }

  public Optional<StepResult> walk(String run, BenchArm arm, ProviderState state) {
    return of(StepKind.WALK)
        .filter(
            s -> s.spec().run().equals(run) && s.spec().arm() == arm && s.spec().state() == state)
        .findFirst();
  }

  public Optional<StepResult> sweep(BenchArm arm, double hitRate) {
    return of(StepKind.SWEEP)
        .filter(s -> s.spec().arm() == arm && Math.abs(s.spec().hitRate() - hitRate) < 1e-9)
        .findFirst();
  }

  public List<Double> sweepHitRates() {
    return of(StepKind.SWEEP)
        .map(s -> s.spec().hitRate())
        .distinct()
        .sorted((a, b) -> Double.compare(b, a))
        .toList();
  }

  public Optional<StepResult> policy(String policy, int rate) {
    return of(StepKind.POLICY)
        .filter(s -> s.spec().policy().equals(policy) && s.spec().rate() == rate)
        .findFirst();
  }

  /** Every policy step at {@code rate}, in the order they ran (the low-traffic grid). */
  public List<StepResult> policySteps(int rate) {
    return of(StepKind.POLICY).filter(s -> s.spec().rate() == rate).toList();
  }

  public List<Integer> policyRates() {
    return of(StepKind.POLICY)
        .map(s -> s.spec().rate())
        .distinct()
        .sorted((a, b) -> b - a)
        .toList();
  }

  public Optional<StepResult> stampede(BenchArm arm) {
    return of(StepKind.STAMPEDE).filter(s -> s.spec().arm() == arm).findFirst();
  }
}
