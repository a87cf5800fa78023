package solventa.ops.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import solventa.ops.analysis.figures.NodeInterval;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.analysis.figures.Sample;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.lab.NodeGroup;
import solventa.quote.stats.StatsSnapshot;

/**
 * What {@link StepRecorder} reads from the node during one load step: each member's adapter
 * rejections at the start, the node's stats and process counters at the window's start, and the 250
 * ms samples and per-second latency the sampler threads append, for the group and per member.
 */
final class LoadStepReadings {
  final long[] rejectedAtStart;

  // the benchmark reads one node's process counters: the first member's (one node in a bench)
  final AtomicReference<StatsSnapshot> rawAtWindow;
  final AtomicReference<Long> switchesAtWindow;
  final AtomicReference<NodeStats> atWindow = new AtomicReference<>();
  final List<Sample> samples = new ArrayList<>();
  final List<List<Sample>> memberSamples;
  final List<NodeInterval> nodeSeconds = new ArrayList<>();
  final List<List<NodeInterval>> memberSeconds;

  /**
   * The readings at the step's start: {@code rawsAtStart}, every member's stats, and the first
   * member's process context switches (null if unreadable), until the window's start replaces them.
   */
  LoadStepReadings(NodeGroup node, List<StatsSnapshot> rawsAtStart, Long switchesAtStart) {
    this.rejectedAtStart = NodeReadings.rejected(rawsAtStart);
    this.rawAtWindow = new AtomicReference<>(rawsAtStart.get(0));
    this.switchesAtWindow = new AtomicReference<>(switchesAtStart);
    this.memberSamples = NodeReadings.perMember(node);
    this.memberSeconds = NodeReadings.perMember(node);
  }

  /**
   * The step's readings for the analyzer once its load ended: the node's stats at the window's
   * start and at the end, its rejections since the start, copies of what the samplers took, and
   * each member's own material when there are several.
   */
  StepAnalyzer.Inputs.Readings atEnd(
      NodeGroup node, NodeStats atEnd, List<StatsSnapshot> rawsAtEnd, Double lag) {
    List<Sample> snapshot = NodeReadings.copy(samples);
    List<NodeInterval> seconds = NodeReadings.copy(nodeSeconds);
    return new StepAnalyzer.Inputs.Readings(
        atWindow.get(),
        atEnd,
        java.util.Arrays.stream(rejectedAtStart).sum(),
        snapshot,
        seconds,
        lag,
        NodeReadings.memberInputs(node, rawsAtEnd, rejectedAtStart, memberSamples, memberSeconds));
  }
}
