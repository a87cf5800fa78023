package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import solventa.adapter.model.BreakerState;
import solventa.ops.analysis.figures.StepAnalyzer.Inputs;
import solventa.ops.analysis.figures.StepAnalyzer.NodeInputs;
import solventa.vocabulary.ProviderState;

/**
 * The breakers' transitions during the step (with N nodes, N breakers: each transition names its
 * node); the first opening at or after the change (time to open: the first breaker's), when every
 * breaker had opened (the degraded path's start), and (for RECOVERY steps) when the last breaker
 * that moved in the step closed, in ms since the change; {@code notClosed} names the breaker that
 * did not close ("" for a single node's). The caller records a missing closing, after the recovery
 * time.
 */
record StepBreaker(
    List<BreakerTransition> transitions,
    Long everyOpenedAtMs,
    Long timeToOpenMs,
    Long closedAfterMs,
    String notClosed) {
  static StepBreaker of(Inputs in, Map<String, String> missing) {
    NodeStats end = in.atEnd();
    List<BreakerTransition> transitions = new ArrayList<>();
    if (end != null) {
      for (BreakerTransition t : end.transitions()) {
        if (t.atMs() >= in.startMs() - 1 && t.atMs() <= in.endMs() + 1_000) {
          transitions.add(t);
        }
      }
    }
    Long openedAt = firstAfterChange(transitions, BreakerState.OPEN, in);
    Long timeToOpen = openedAt == null ? null : openedAt - in.changeMs();
    if (timeToOpen == null) {
      missing.put(
          "timeToOpenMs",
          end == null ? "node stats unavailable" : "the breaker did not open during the step");
    }
    Long closedAfter = null;
    String notClosed = null;
    if (in.spec().state() == ProviderState.RECOVERY) {
      // N breakers: closed once the last node whose breaker moved in the step has closed
      for (var node : byNode(transitions).entrySet()) {
        Long closedAt = firstAfterChange(node.getValue(), BreakerState.CLOSED, in);
        if (closedAt == null) {
          notClosed = node.getKey();
          closedAfter = null;
          break;
        }
        closedAfter = Math.max(closedAfter == null ? 0 : closedAfter, closedAt - in.changeMs());
      }
    }
    return new StepBreaker(
        transitions, everyBreakerOpened(in, transitions), timeToOpen, closedAfter, notClosed);
  }

  /** Why {@link #closedAfterMs} is missing. */
  String notClosedReason() {
    return notClosed == null || notClosed.isEmpty()
        ? "the breaker did not close during the step"
        : notClosed + "'s breaker did not close during the step";
  }

  /** Transitions per breaker: keyed by node name ("" for a single node's unnamed breaker). */
  static Map<String, List<BreakerTransition>> byNode(List<BreakerTransition> transitions) {
    Map<String, List<BreakerTransition>> out = new LinkedHashMap<>();
    for (BreakerTransition t : transitions) {
      out.computeIfAbsent(t.node() == null ? "" : t.node(), k -> new ArrayList<>()).add(t);
    }
    return out;
  }

  /**
   * When the degraded path begins: the first OPEN at or after the change with one node; with
   * several, when the last node's breaker first opened (before that, some node still waited on the
   * provider); null when a node's breaker never opened.
   */
  static Long everyBreakerOpened(Inputs in, List<BreakerTransition> transitions) {
    List<String> nodes =
        in.nodes().size() > 1 ? in.nodes().stream().map(NodeInputs::node).toList() : List.of("");
    Map<String, List<BreakerTransition>> byNode = byNode(transitions);
    Long last = null;
    for (String node : nodes) {
      Long opened = firstAfterChange(byNode.getOrDefault(node, List.of()), BreakerState.OPEN, in);
      if (opened == null) {
        return null;
      }
      last = last == null ? opened : Math.max(last, opened);
    }
    return last;
  }

  private static Long firstAfterChange(
      List<BreakerTransition> transitions, BreakerState to, Inputs in) {
    return transitions.stream()
        .filter(t -> t.to() == to && t.atMs() >= in.changeMs())
        .map(BreakerTransition::atMs)
        .findFirst()
        .orElse(null);
  }
}
