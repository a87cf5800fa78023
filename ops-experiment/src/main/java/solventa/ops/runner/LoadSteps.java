package solventa.ops.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import solventa.ops.analysis.figures.Sanity;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepSpec;

/**
 * The step runner as a benchmark uses it: one load step at a time against the lab's nodes, measured
 * as the experiment measures its steps, and the node's raw stats around the last step's window.
 * Nothing is recorded: the steps are kept by the benchmark that runs them, not saved to a results
 * folder ({@link ProtocolRunner} with a results folder is the experiment's runner).
 */
public interface LoadSteps extends AutoCloseable {

  /** The benchmark's achieved-rate check: the share {@link Sanity} requires of every step. */
  double MIN_ACHIEVED_SHARE = Sanity.MIN_ACHIEVED_SHARE;

  /**
   * Steps on {@code lab} under {@code profile} (its warm-up, settling and population rules),
   * Gatling writing below {@code out}, the customers drawn from {@code seed}; no results folder.
   */
  static LoadSteps unrecorded(ExperimentProfile profile, Path out, long seed, EmbeddedLab lab) {
    return ProtocolRunner.unrecorded(profile, out, seed, lab);
  }

  /**
   * Runs {@code spec} after the steps already run, preparing a node where the protocol starts over
   * and reusing the node otherwise (an invalid step is re-run once, as in the experiment).
   */
  StepResult runStep(StepSpec spec) throws IOException;

  /**
   * Runs {@code spec} on a new node from its first request, no warm-up by the runner; {@code
   * seeded}: its known customers are in Redis first (a node after a restart), otherwise Redis holds
   * none of them (a node that joins under load with an empty Redis).
   */
  StepResult runOnNewNode(StepSpec spec, boolean seeded) throws IOException;

  /**
   * The framework floor: {@code spec}'s rate and durations, but bare requests on the node the
   * previous step ran on, measured exactly as a load step; refused before any step ran.
   */
  StepResult runFloor(StepSpec spec) throws IOException;

  /** The node's raw stats around the last load step's measured window; empty before any. */
  Optional<WindowStats> lastWindow();

  /** Stops the runner's own threads (the lab and its nodes are the caller's). */
  @Override
  void close();
}
