package solventa.ops.protocol;

import java.util.List;
import solventa.providerdouble.HealthyTail;
import solventa.vocabulary.ProviderState;

/**
 * A reading of the experiment card other than the lab's, where the card is ambiguous: the steps
 * measured under it (in {@code full}) let every verdict be judged again as if the card had been
 * read that way. A step measured under today's readings has none.
 */
public enum CardReading {
  /**
   * The healthy "tail up to 200 ms" read as the p95 rather than the p99 ({@link HealthyTail#P95}).
   * It changes every step during which the double answers at its healthy profile: the healthy
   * steps, and the recoveries, healthy again after their window.
   */
  TAIL_P95("tail-p95", "tail read as p95"),
  /**
   * The recovery read as coming back healthy at once: the runner holds no degraded window (a window
   * of 0 s). It changes the recovery steps only.
   */
  RECOVERY_HEALTHY("recovery-healthy", "recovery read as healthy");

  private final String tag;
  private final String label;

  CardReading(String tag, String label) {
    this.tag = tag;
    this.label = label;
  }

  /** The reading in step ids and in results.json's sensitivity object: "tail-p95". */
  public String tag() {
    return tag;
  }

  /** The reading as the report's column names it: "tail read as p95". */
  public String label() {
    return label;
  }

  /**
   * The provider states whose walk steps this reading changes: what the double answers in them
   * depends on it.
   */
  public List<ProviderState> changedStates() {
    return this == TAIL_P95
        ? List.of(ProviderState.HEALTHY, ProviderState.RECOVERY)
        : List.of(ProviderState.RECOVERY);
  }

  /** The steps this reading changes, as the sensitivity table says it. */
  public String changedSteps() {
    return this == TAIL_P95
        ? "the healthy steps and the recoveries (the double's healthy profile)"
        : "the recovery steps";
  }

  /** Whether this reading changes what {@code s} measures (a walk step in a changed state). */
  public boolean changes(StepSpec s) {
    return s.kind() == StepKind.WALK && changedStates().contains(s.state());
  }

  /** How the double reads its healthy tail during a step measured under {@code reading}. */
  public static HealthyTail healthyTail(CardReading reading) {
    return reading == TAIL_P95 ? HealthyTail.P95 : HealthyTail.P99;
  }

  /**
   * The seconds the provider stays degraded after a recovery's change during a step measured under
   * {@code reading}: none when the recovery is read as healthy, else the profile's window.
   */
  public static int recoveryWindowSec(CardReading reading, ExperimentProfile p) {
    return reading == RECOVERY_HEALTHY ? 0 : p.recoveryWindowSec();
  }
}
