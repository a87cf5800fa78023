package solventa.ops.analysis.hypotheses;

import java.util.List;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;

/** HD-01.7: concurrent misses on one key make > 1 provider call in C and exactly 1 in C'. */
public final class Coalescing implements Hypothesis {
  @Override
  public List<String> rules() {
    return List.of();
  }

  @Override
  public String id() {
    return "HD-01.7";
  }

  @Override
  public String statement() {
    return "Without coalescing, concurrent misses on one key make > 1 provider call and load the pool"
        + " more than with coalescing";
  }

  /**
   * True by construction: more concurrent misses than pool connections fill the pool without
   * coalescing.
   */
  @Override
  public String byConstruction(Design d) {
    return d.coalescing();
  }

  /**
   * Every run's pair (rules version 12), each by the rule: C makes more than one provider call, C'
   * exactly one, and C loads the pool more. A run whose pair was measured and fails any of these
   * refutes; a run whose pair was not measured makes the verdict inconclusive.
   */
  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    List<String> runs = in.results().runsOf(StepKind.STAMPEDE);
    if (runs.isEmpty()) {
      ev.undecided(new NotMeasured(BenchArm.C.label(), null));
      ev.undecided(new NotMeasured(BenchArm.C_PRIME.label(), null));
    }
    for (String run : runs) {
      judge(in, ev, run, runs.size() > 1 ? run : null);
    }
    return ev.verdict(this);
  }

  /**
   * The stampede of {@code arm} was not measured (or its calls or pool were not read).
   *
   * @param run the run, named when the protocol ran the stampede in several; otherwise null
   */
  public record NotMeasured(String arm, String run) implements Fact {}

  /**
   * A measured stampede: its concurrent misses, provider calls and the adapter's pool.
   *
   * @param stepId the stampede step
   * @param run the run, named when the protocol ran the stampede in several; otherwise null
   */
  public record Stampede(String stepId, String run) implements Fact {}

  /** What a run's pair contradicts of the rule. */
  public enum Contradiction {
    /** C made one provider call or none. */
    C_NOT_MORE_THAN_ONE,
    /** C' made other than exactly one. */
    C_PRIME_NOT_EXACTLY_ONE,
    /** C's pool peak and rejections were not above C''s. */
    POOL_NOT_LOADED_MORE
  }

  /**
   * A contradiction of the rule in one run's pair.
   *
   * @param calls the provider calls of the arm it names (0 for the pool)
   * @param run the run, named when the protocol ran the stampede in several; otherwise null
   */
  public record Contradicted(Contradiction what, long calls, String run) implements Fact {}

  private static void judge(Input in, Evidence ev, String run, String named) {
    StepResult c = in.results().stampede(run, BenchArm.C).orElse(null);
    StepResult cp = in.results().stampede(run, BenchArm.C_PRIME).orElse(null);
    boolean missing = false;
    if (c == null || c.providerCalls() == null || c.poolMaxInFlight() == null) {
      ev.undecided(new NotMeasured(BenchArm.C.label(), named));
      missing = true;
    }
    if (cp == null || cp.providerCalls() == null || cp.poolMaxInFlight() == null) {
      ev.undecided(new NotMeasured(BenchArm.C_PRIME.label(), named));
      missing = true;
    }
    if (missing) {
      return;
    }
    for (StepResult s : List.of(c, cp)) {
      ev.note(new Stampede(s.spec().id(), named));
    }
    if (c.providerCalls() <= 1) {
      ev.refute(new Contradicted(Contradiction.C_NOT_MORE_THAN_ONE, c.providerCalls(), named));
    }
    if (cp.providerCalls() != 1) {
      ev.refute(new Contradicted(Contradiction.C_PRIME_NOT_EXACTLY_ONE, cp.providerCalls(), named));
    }
    long rc = c.rejections() == null ? 0 : c.rejections();
    long rcp = cp.rejections() == null ? 0 : cp.rejections();
    if (!(c.poolMaxInFlight() > cp.poolMaxInFlight() || rc > rcp)) {
      ev.refute(new Contradicted(Contradiction.POOL_NOT_LOADED_MORE, 0, named));
    }
  }
}
