package solventa.ops.analysis.figures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.ProviderState;

/**
 * The sanity checks of the experiment card (Protocol), and the runner's own. Per step ({@link
 * #invalidations}): the generator reached ≥ 98 % of its target rate inside the measured window, its
 * schedule lag p99 stayed ≤ 50 ms, the double kept up (lag p99 ≤ 50 ms), and with a healthy
 * provider the node did not stall (its own p99 ≤ 1 s in every second), and a hit-rate sweep step's
 * measured CACHED share lies within {@value StepResult#HIT_RATE_TOLERANCE_PTS} points of its target
 * (the sweep's hit rate is its controlled variable; a walk step's is not, it shows the cache
 * draining). An invalid step is re-run once. Per run ({@link #check}): identical response contract
 * across arms (same schema, sizes within {@value #MAX_SIZE_DIFF_BYTES} bytes) and no step left
 * invalid; a failed check invalidates its run.
 */
public final class Sanity {
  /** "A few bytes": the origin word and the age's digits may differ between arms. */
  public static final int MAX_SIZE_DIFF_BYTES = 12;

  /** The generator's schedule lag p99 above which a step is invalid, in ms. */
  public static final double MAX_SCHEDULE_LAG_P99_MS = 50;

  /** A node whose own p99 exceeds this in any second with a healthy provider stalled, in ms. */
  public static final double NODE_STALL_P99_MS = 1_000;

  /**
   * The double is saturated if its own scheduling lag p99 exceeds this (the experiment card
   * (Protocol) sanity), in ms.
   */
  public static final double MAX_DOUBLE_LAG_P99_MS = 50;

  /** The generator must reach this share of its target rate. */
  public static final double MIN_ACHIEVED_SHARE = 0.98;

  /** Reads the contract probes' bodies. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private Sanity() {}

  /** Why one step is invalid; empty when it is valid. */
  public static List<String> invalidations(StepResult s) {
    List<String> out = new ArrayList<>();
    StepSpec spec = s.spec();
    if (spec.kind() == StepKind.STAMPEDE) {
      return out;
    }
    if (s.achievedRate() == null || s.achievedRate() < MIN_ACHIEVED_SHARE * spec.rate()) {
      out.add(
          String.format(
              Locale.ROOT,
              "generator achieved %s of %d req/s inside the window (< %.0f %%)",
              s.achievedRate() == null
                  ? "n/a"
                  : String.format(Locale.ROOT, "%.1f", s.achievedRate()),
              spec.rate(),
              MIN_ACHIEVED_SHARE * 100));
    }
    if (s.scheduleLagP99Ms() != null && s.scheduleLagP99Ms() > MAX_SCHEDULE_LAG_P99_MS) {
      out.add(
          String.format(
              Locale.ROOT,
              "generator schedule lag p99 %.0f ms > %.0f ms",
              s.scheduleLagP99Ms(),
              MAX_SCHEDULE_LAG_P99_MS));
    }
    if (s.doubleLagP99() != null && s.doubleLagP99() > MAX_DOUBLE_LAG_P99_MS) {
      out.add(
          String.format(
              Locale.ROOT,
              "provider double lag p99 %.0f ms > %.0f ms",
              s.doubleLagP99(),
              MAX_DOUBLE_LAG_P99_MS));
    }
    if (spec.state() == ProviderState.HEALTHY
        && s.nodeWorstSecondP99Ms() != null
        && s.nodeWorstSecondP99Ms() > NODE_STALL_P99_MS) {
      out.add(
          String.format(
              Locale.ROOT,
              "node stall: its own p99 reached %.0f ms in one second with a healthy provider",
              s.nodeWorstSecondP99Ms()));
    }
    if (spec.kind() == StepKind.SWEEP && Boolean.TRUE.equals(s.hitRateOff())) {
      out.add(
          String.format(
              Locale.ROOT,
              "sweep hit rate off target: measured %.1f %% CACHED against the target %.0f %%, more"
                  + " than %.1f points apart",
              s.hitRatePct(),
              s.hitRateTargetPct(),
              StepResult.HIT_RATE_TOLERANCE_PTS));
    }
    return out;
  }

  public static List<SanityCheck> check(StepResults r, Map<String, Map<String, String>> contracts) {
    List<SanityCheck> out = new ArrayList<>();
    for (String run : r.runs()) {
      out.add(contract(run, contracts.getOrDefault(run, Map.of())));
      List<String> invalid = new ArrayList<>();
      List<String> rerun = new ArrayList<>();
      r.steps().stream()
          .filter(s -> s.spec().run().equals(run))
          .forEach(
              s -> {
                if (!s.valid()) {
                  invalid.add(s.spec().id() + " (" + String.join("; ", s.invalidations()) + ")");
                } else if (!s.invalidations().isEmpty()) {
                  rerun.add(s.spec().id() + " (" + String.join("; ", s.invalidations()) + ")");
                }
              });
      out.add(
          new SanityCheck(
              run,
              "every step valid (generator rate ≥ 98 %, schedule lag p99 ≤ 50 ms, double lag p99"
                  + " ≤ 50 ms, no node stall, sweep hit rate within 1.5 points of its target)",
              invalid.isEmpty(),
              (invalid.isEmpty()
                      ? "every step passed (after at most one re-run)"
                      : "still invalid after its re-run: " + String.join(", ", invalid))
                  + (rerun.isEmpty()
                      ? ""
                      : "; re-run and then valid: " + String.join(", ", rerun))));
    }
    return out;
  }

  static SanityCheck contract(String run, Map<String, String> probes) {
    if (probes.size() < 2) {
      return new SanityCheck(
          run, "identical response contract", false, "fewer than two arms were probed");
    }
    TreeSet<String> schema = null;
    String schemaArm = null;
    int min = Integer.MAX_VALUE;
    int max = 0;
    List<String> problems = new ArrayList<>();
    for (var e : probes.entrySet()) {
      String status = e.getValue().substring(0, 3);
      String body = e.getValue().substring(4);
      if (!status.equals("200")) {
        problems.add(e.getKey() + " answered " + status);
        continue;
      }
      TreeSet<String> s;
      int size;
      try {
        s = paths(JSON.readTree(body), "");
        size = envelopeSize(body);
      } catch (Exception ex) {
        problems.add(e.getKey() + " is not JSON");
        continue;
      }
      min = Math.min(min, size);
      max = Math.max(max, size);
      if (schema == null) {
        schema = s;
        schemaArm = e.getKey();
      } else if (!schema.equals(s)) {
        problems.add(e.getKey() + "'s schema differs from " + schemaArm + "'s");
      }
    }
    if (max - min > MAX_SIZE_DIFF_BYTES) {
      problems.add("sizes differ by " + (max - min) + " bytes (" + min + "–" + max + ")");
    }
    return new SanityCheck(
        run,
        "identical response contract",
        problems.isEmpty(),
        problems.isEmpty()
            ? "arms "
                + String.join(", ", probes.keySet())
                + ": same schema, sizes "
                + min
                + "–"
                + max
                + " bytes"
            : String.join("; ", problems));
  }

  /**
   * The body's size in bytes with every array emptied: as for the schema, an array's elements are
   * data (a DEFAULT answer lists its seven missing signals, a FRESH one none), so the size compares
   * the arms' envelopes, not how much a customer's profile lacked.
   */
  static int envelopeSize(String body) throws java.io.IOException {
    JsonNode n = JSON.readTree(body);
    emptyArrays(n);
    return JSON.writeValueAsString(n).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  private static void emptyArrays(JsonNode n) {
    if (n instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
      a.removeAll();
    } else if (n.isObject()) {
      n.elements().forEachRemaining(Sanity::emptyArrays);
    }
  }

  /** Field paths with their JSON types; an array is one path whatever it holds. */
  static TreeSet<String> paths(JsonNode n, String prefix) {
    TreeSet<String> out = new TreeSet<>();
    if (n.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = n.fields();
      while (it.hasNext()) {
        var e = it.next();
        out.addAll(paths(e.getValue(), prefix + "." + e.getKey()));
      }
    } else if (n.isArray()) {
      // element shapes are data (how many signals are missing), not schema
      out.add(prefix + ":array");
    } else {
      out.add(prefix + ":" + n.getNodeType());
    }
    return out;
  }
}
