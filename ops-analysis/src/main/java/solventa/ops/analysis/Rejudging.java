package solventa.ops.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import solventa.ops.analysis.figures.Sanity;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.ProviderState;

/**
 * One reading's column of the sensitivity table ({@link Sensitivity}): the experiment's steps with
 * each step the reading changes replaced by its counterpart measured under it, and every verdict
 * judged again on them by the same rules (a recovery read as healthy has no degraded window).
 */
final class Rejudging {

  /**
   * What a verdict reads: {@code what} in words, the provider states of the walk steps it reads (a
   * reading that changes none of them leaves it unchanged by construction) and which steps.
   */
  record Reads(String what, List<ProviderState> walkStates, Predicate<StepSpec> step) {}

  private static final List<ProviderState> EVERY_STATE = List.of(ProviderState.values());

  /** What each hypothesis reads; a verdict not listed is taken to read every step. */
  static Reads reads(String id) {
    return switch (id) {
      case "HD-01.1" ->
          walk("A, B and C healthy", ProtocolPlan.comparedArms(), ProviderState.HEALTHY);
      case "HD-01.2" ->
          walk("A, B and C degraded", ProtocolPlan.comparedArms(), ProviderState.DEGRADED);
      case "HD-01.3" ->
          walk(
              "C healthy and degraded",
              List.of(BenchArm.C),
              ProviderState.HEALTHY,
              ProviderState.DEGRADED);
      case "HD-01.4" -> kind("the hit-rate sweep (provider degraded)", StepKind.SWEEP);
      case "HD-01.5", "HD-01.6" ->
          kind("the policy steps (provider unresponsive)", StepKind.POLICY);
      case "HD-01.7" -> kind("the stampede steps (provider slow)", StepKind.STAMPEDE);
      case "HD-01.8" -> walk("C and C' recovery", BenchArm.fallingBack(), ProviderState.RECOVERY);
      case "HD-01" -> {
        Reads c =
            walk(
                "",
                List.of(BenchArm.C),
                ProviderState.HEALTHY,
                ProviderState.DEGRADED,
                ProviderState.UNRESPONSIVE,
                ProviderState.RECOVERY);
        yield new Reads(
            "C healthy, degraded, unresponsive and recovery, the sweep and the policy steps",
            c.walkStates(),
            c.step().or(s -> s.kind() == StepKind.SWEEP || s.kind() == StepKind.POLICY));
      }
      default -> new Reads("every step", EVERY_STATE, s -> true);
    };
  }

  private static Reads walk(String what, List<BenchArm> arms, ProviderState... states) {
    List<ProviderState> st = List.of(states);
    return new Reads(
        what,
        st,
        s -> s.kind() == StepKind.WALK && arms.contains(s.arm()) && st.contains(s.state()));
  }

  private static Reads kind(String what, StepKind kind) {
    return new Reads(what, List.of(), s -> s.kind() == kind);
  }

  private final CardReading reading;
  private final List<StepResult> main;
  private final List<StepSpec> replaced;
  private final List<String> measuredUnder;
  private final Map<String, Verdict> verdicts;
  private final String noneMeasured;

  private Rejudging(
      CardReading reading,
      List<StepResult> main,
      List<StepSpec> replaced,
      List<String> measuredUnder,
      Map<String, Verdict> verdicts,
      String noneMeasured) {
    this.reading = reading;
    this.main = main;
    this.replaced = replaced;
    this.measuredUnder = measuredUnder;
    this.verdicts = verdicts;
    this.noneMeasured = noneMeasured;
  }

  /** The steps with {@code r}'s counterparts in place, and every verdict judged on them. */
  static Rejudging of(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      ExperimentProfile profile,
      VerdictRules rules,
      CardReading r,
      boolean complete) {
    List<StepResult> main = new StepResults(steps).steps();
    List<StepResult> under =
        steps.stream().filter(s -> s.spec().reading() == r && r.changes(s.spec())).toList();
    List<StepResult> substituted = new ArrayList<>();
    List<StepSpec> replaced = new ArrayList<>();
    for (StepResult m : main) {
      StepResult counterpart =
          !r.changes(m.spec())
              ? null
              : under.stream()
                  .filter(u -> u.spec().sameMeasurementAs(m.spec()))
                  .findFirst()
                  .orElse(null);
      if (counterpart == null) {
        substituted.add(m);
      } else {
        substituted.add(counterpart.as(m.spec()));
        replaced.add(m.spec());
      }
    }
    Map<String, Verdict> verdicts = new LinkedHashMap<>();
    if (!replaced.isEmpty()) {
      StepResults results = new StepResults(substituted);
      verdicts =
          withRecoveryWindow(rules, CardReading.recoveryWindowSec(r, profile))
              .evaluate(results, Sanity.check(results, contracts));
    }
    boolean anyUnderReadings = steps.stream().anyMatch(s -> s.spec().reading() != null);
    List<String> measuredUnder = under.stream().map(s -> Sensitivity.who(s.spec())).toList();
    return new Rejudging(
        r,
        main,
        replaced,
        measuredUnder,
        verdicts,
        Sensitivity.noneMeasured(profile, anyUnderReadings, complete));
  }

  /** The rules as they are, but for the recovery's degraded window. */
  static VerdictRules withRecoveryWindow(VerdictRules r, int windowSec) {
    return new VerdictRules(
        r.actuarial(),
        r.exposureWindowSec(),
        r.countPolicyN(),
        r.ratePolicy(),
        r.requiredRuns(),
        r.refreshAfterSec(),
        windowSec,
        r.design());
  }

  /** Each verdict's cell under this reading, beside the verdicts as judged. */
  Map<String, Sensitivity.Cell> cells(Map<String, Verdict> asJudged) {
    Map<String, Sensitivity.Cell> out = new LinkedHashMap<>();
    for (Map.Entry<String, Verdict> v : asJudged.entrySet()) {
      out.put(v.getKey(), cell(v.getKey(), v.getValue().verdict()));
    }
    return out;
  }

  private Sensitivity.Cell cell(String id, String asJudged) {
    Reads reads = reads(id);
    if (reads.walkStates().stream().noneMatch(reading.changedStates()::contains)) {
      return new Sensitivity.Cell(
          Sensitivity.UNCHANGED,
          null,
          null,
          "reads " + reads.what() + "; the reading changes only " + reading.changedSteps(),
          List.of(),
          List.of());
    }
    List<StepSpec> changed =
        main.stream()
            .map(StepResult::spec)
            .filter(s -> reads.step().test(s) && reading.changes(s))
            .toList();
    List<String> swapped =
        changed.stream().filter(replaced::contains).map(Sensitivity::who).toList();
    List<String> kept =
        changed.stream().filter(s -> !replaced.contains(s)).map(Sensitivity::who).toList();
    if (swapped.isEmpty()) {
      String why =
          noneMeasured != null
              ? noneMeasured
              : Sensitivity.noCounterpart(
                  changed.stream().map(Sensitivity::who).toList(), measuredUnder);
      return new Sensitivity.Cell(Sensitivity.NOT_MEASURED, null, null, why, List.of(), List.of());
    }
    String v = verdicts.get(id).verdict();
    return new Sensitivity.Cell(Sensitivity.REJUDGED, v, !v.equals(asJudged), null, swapped, kept);
  }
}
