package solventa.ops.analysis.recommendation;

import static solventa.vocabulary.ProviderState.DEGRADED;
import static solventa.vocabulary.ProviderState.DOWN;
import static solventa.vocabulary.ProviderState.HEALTHY;
import static solventa.vocabulary.ProviderState.RECOVERY;
import static solventa.vocabulary.ProviderState.UNRESPONSIVE;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.vocabulary.ProviderState;

/**
 * Designs' walks as the protocol produces them (figures from the quick and full runs of
 * 2026-12-01/02), for the Recommendation's tests: its judgement here, its words in the report.
 */
public final class Designs {
  private Designs() {}

  /** quick's T, the lab's refresh-after the fixtures' curves age over. */
  public static final int QUICK_T = 20;

  /** full's recovery window: the provider is healthy again this long after the change. */
  public static final int WINDOW = ExperimentProfile.named("full").recoveryWindowSec();

  /**
   * A recovery walk step of {@code arm} with at most {@code backlogPeak} calls in flight before the
   * provider is healthy again and {@code healthyPeak} after it, where {@code duplicates} duplicate
   * calls are asked (pool 32).
   */
  public static Fixture recovery(
      BenchArm arm, String run, int backlogPeak, int healthyPeak, long duplicates) {
    return Fixture.step(arm, RECOVERY)
        .run(run)
        .window(0, WINDOW + 30)
        .latency(63, 190)
        .fallback(4.1)
        .recoveryPhases(WINDOW, backlogPeak, healthyPeak, duplicates);
  }

  /** A recovery with the pool far from full throughout and no duplicate call once healthy. */
  public static StepResult calm(BenchArm arm, String run) {
    return recovery(arm, run, 11, 11, 0).build();
  }

  /** Arm A and B as measured: healthy they meet, degraded they wait the hard timeout. */
  public static List<StepResult> blockingArms(String run) {
    List<StepResult> s = new ArrayList<>();
    s.add(Fixture.step(BenchArm.A, HEALTHY).run(run).latency(221, 250).fallback(0.0).build());
    for (ProviderState st : List.of(DEGRADED, UNRESPONSIVE)) {
      s.add(Fixture.step(BenchArm.A, st).run(run).latency(706, 708).errors(100).build());
    }
    s.add(Fixture.step(BenchArm.A, DOWN).run(run).latency(7, 10).errors(100).build());
    s.add(Fixture.step(BenchArm.B, HEALTHY).run(run).latency(93, 163).fallback(0.0).build());
    s.add(Fixture.step(BenchArm.B, DEGRADED).run(run).latency(703, 707).errors(14.2).build());
    s.add(Fixture.step(BenchArm.B, UNRESPONSIVE).run(run).latency(704, 706).errors(27.6).build());
    s.add(Fixture.step(BenchArm.B, DOWN).run(run).latency(64, 65).errors(34).build());
    s.add(calm(BenchArm.A, run));
    s.add(calm(BenchArm.B, run));
    return s;
  }

  /**
   * Arm {@code arm} meeting the thresholds in every state, its fallback share following the aging
   * model (2 000 answers a second): from h = 96 % when {@code within} (quick's T = 20 s, the flip
   * at 4 240–12 960 s of a daily refresh, after the declared hour), otherwise from h = 88 %, whose
   * misses alone exceed the ceiling (the flip at 0–4 320 s, inside the hour).
   */
  public static List<StepResult> opportunistic(BenchArm arm, String run, boolean within) {
    double h = within ? 0.96 : 0.88;
    return List.of(
        at200(
            Fixture.step(arm, HEALTHY).run(run).latency(118, 179).fallback(0.9).measured(h * 100)),
        at200(Fixture.step(arm, DEGRADED).run(run).latency(64, 66).aging(h, QUICK_T, 2_000)),
        at200(Fixture.step(arm, UNRESPONSIVE).run(run).latency(64, 65).aging(h, QUICK_T, 2_000)),
        at200(Fixture.step(arm, DOWN).run(run).latency(64, 65).aging(h, QUICK_T, 2_000)),
        calm(arm, run));
  }

  /** {@code f} at 200 requests a second. */
  public static StepResult at200(Fixture f) {
    f.rate = 200;
    return f.build();
  }

  /** The Recommendation of {@code steps} at quick's T, full's window, the declared inputs. */
  public static Recommendation of(List<StepResult> steps) {
    return of(steps, Actuarial.DECLARED);
  }

  /** The Recommendation of {@code steps} at quick's T, full's window, with inputs {@code a}. */
  public static Recommendation of(List<StepResult> steps, Actuarial a) {
    return Recommendation.of(new StepResults(steps), QUICK_T, WINDOW, a);
  }
}
