package solventa.ops.protocol;

import java.util.ArrayList;
import java.util.List;
import solventa.vocabulary.ProviderState;

/**
 * The steps that measure the card's other readings ({@link CardReading}) beside their counterparts,
 * in {@code full}'s first run; they never enter the verdicts.
 */
public final class SensitivityPlan {
  private SensitivityPlan() {}

  /**
   * Whether full measures the recovery read as healthy (C's and C''s down and recovery again, about
   * four minutes): not since full's outage steps and low-traffic trials took its time; the report
   * names the reading not measured.
   */
  static final boolean MEASURES_RECOVERY_READING = false;

  /** The first run: the card-reading steps are measured there, beside their counterparts. */
  static final String SENSITIVITY_RUN = "R1";

  /** Whether {@code p} measures the card-reading steps: {@code full} only. */
  public static boolean measuresSensitivity(ExperimentProfile p) {
    return p.name().equals("full");
  }

  /**
   * {@code plan} with the steps that measure the card's other readings ({@link CardReading}), in
   * {@code full} only, in the first run, each right after its counterpart on the same node: the
   * healthy step of A, B and C again with the healthy tail read as the p95 (HD-01.1 and HD-01.3
   * read them), and the recovery of C and C' again read as healthy (HD-01.8 and HD-01 read them),
   * each after an unmeasured-for-verdicts repeat of the down step before it, since a recovery
   * continues its outage's customers. The fewest steps that re-judge those verdicts within seven
   * minutes; the recoveries under the p95 tail are not measured (the report says why).
   */
  static List<StepSpec> withSensitivity(ExperimentProfile p, List<StepSpec> plan) {
    if (!measuresSensitivity(p)) {
      return plan;
    }
    List<StepSpec> out = new ArrayList<>();
    for (int i = 0; i < plan.size(); i++) {
      StepSpec s = plan.get(i);
      out.add(s);
      if (s.kind() != StepKind.WALK || !s.run().equals(SENSITIVITY_RUN)) {
        continue;
      }
      if (s.state() == ProviderState.HEALTHY && ProtocolPlan.comparedArms().contains(s.arm())) {
        out.add(sensitivityStep(s, CardReading.TAIL_P95));
      } else if (MEASURES_RECOVERY_READING
          && s.state() == ProviderState.RECOVERY
          && s.arm().fallsBack()
          && i > 0
          && plan.get(i - 1).arm() == s.arm()
          && plan.get(i - 1).state() == ProviderState.DOWN) {
        out.add(sensitivityStep(plan.get(i - 1), CardReading.RECOVERY_HEALTHY));
        out.add(sensitivityStep(s, CardReading.RECOVERY_HEALTHY));
      }
    }
    return out;
  }

  private static StepSpec sensitivityStep(StepSpec s, CardReading r) {
    return s.under(r, s.id() + "-" + r.tag());
  }
}
