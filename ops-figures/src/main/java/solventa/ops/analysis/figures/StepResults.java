package solventa.ops.analysis.figures;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;
import solventa.vocabulary.ProviderState;

/**
 * The step results of an experiment, with the look-ups the tables and verdicts need. Only the steps
 * measured under today's card readings: a step measured under another ({@link
 * solventa.ops.protocol.CardReading}) is left out here, so it never enters a verdict or a table;
 * the sensitivity table re-judges with it (the analysis's {@code Sensitivity}).
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

  /** {@code arm}'s sweep step at {@code hitRate} in the first run that measured it. */
  public Optional<StepResult> sweep(BenchArm arm, double hitRate) {
    return of(StepKind.SWEEP)
        .filter(s -> s.spec().arm() == arm && Math.abs(s.spec().hitRate() - hitRate) < 1e-9)
        .findFirst();
  }

  /** {@code arm}'s sweep step at {@code hitRate} in {@code run}. */
  public Optional<StepResult> sweep(String run, BenchArm arm, double hitRate) {
    return of(StepKind.SWEEP)
        .filter(s -> s.spec().run().equals(run))
        .filter(s -> s.spec().arm() == arm && Math.abs(s.spec().hitRate() - hitRate) < 1e-9)
        .findFirst();
  }

  /**
   * The runs that have steps of {@code kind}, in the order they ran: every run of {@code full} for
   * the sweep, the policy steps and the stampede (rules version 12); the first run only in results
   * recorded before.
   */
  public List<String> runsOf(StepKind kind) {
    return of(kind).map(s -> s.spec().run()).distinct().toList();
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

  /**
   * Every trial of {@code policy} at {@code rate}, in the order they ran, over every run: what
   * HD-01.5 and HD-01.6 pool (rules version 12).
   */
  public List<StepResult> policyTrials(String policy, int rate) {
    return of(StepKind.POLICY)
        .filter(s -> s.spec().policy().equals(policy) && s.spec().rate() == rate)
        .toList();
  }

  /** The settings measured at {@code rate}, in the order their first trial ran. */
  public List<String> policySettings(int rate) {
    return policySteps(rate).stream().map(s -> s.spec().policy()).distinct().toList();
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

  /**
   * {@code arm}'s outage steps in {@code state} at every seeded hit rate, in the order they ran:
   * its walk's (the design point) and its outage steps at the other levels, over every run.
   */
  public List<StepResult> outageLevels(BenchArm arm, ProviderState state) {
    return steps.stream()
        .filter(s -> s.spec().kind() == StepKind.WALK || s.spec().kind() == StepKind.OUTAGE)
        .filter(s -> s.spec().arm() == arm && s.spec().state() == state)
        .toList();
  }

  /** {@code arm}'s stampede step in the first run that measured it. */
  public Optional<StepResult> stampede(BenchArm arm) {
    return of(StepKind.STAMPEDE).filter(s -> s.spec().arm() == arm).findFirst();
  }

  /** {@code arm}'s stampede step in {@code run}. */
  public Optional<StepResult> stampede(String run, BenchArm arm) {
    return of(StepKind.STAMPEDE)
        .filter(s -> s.spec().run().equals(run) && s.spec().arm() == arm)
        .findFirst();
  }
}
