package solventa.ops;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The sanity checks of SPEC §7, from what the runner recorded: identical response contract across
 * arms (same schema, sizes within {@value #MAX_SIZE_DIFF_BYTES} bytes), the double keeping up (lag
 * p99 ≤ {@link Runner#MAX_DOUBLE_LAG_P99_MS} ms) and the generator reaching its target rate (≥ 95
 * %). A failed check invalidates its run.
 */
public final class Sanity {
  /** "A few bytes": the origin word and the age's digits may differ between arms. */
  public static final int MAX_SIZE_DIFF_BYTES = 12;

  private Sanity() {}

  public static List<SanityCheck> check(Results r, Map<String, Map<String, String>> contracts) {
    List<SanityCheck> out = new ArrayList<>();
    for (String run : r.runs()) {
      out.add(contract(run, contracts.getOrDefault(run, Map.of())));
      List<String> lagging = new ArrayList<>();
      List<String> slowGenerator = new ArrayList<>();
      r.steps().stream()
          .filter(s -> s.spec().run().equals(run) && s.spec().kind() != StepKind.STAMPEDE)
          .forEach(
              s -> {
                if (s.doubleLagP99() == null || s.doubleLagP99() > Runner.MAX_DOUBLE_LAG_P99_MS) {
                  lagging.add(s.spec().id() + " (lag p99 " + s.doubleLagP99() + " ms)");
                }
                if (s.achievedRate() == null
                    || s.achievedRate() < Runner.MIN_ACHIEVED_SHARE * s.spec().rate()) {
                  slowGenerator.add(
                      String.format(
                          Locale.ROOT,
                          "%s (%.1f of %d req/s)",
                          s.spec().id(),
                          s.achievedRate() == null ? 0 : s.achievedRate(),
                          s.spec().rate()));
                }
              });
      out.add(
          new SanityCheck(
              run,
              "provider double not saturated",
              lagging.isEmpty(),
              lagging.isEmpty()
                  ? "every step's double lag p99 ≤ " + Runner.MAX_DOUBLE_LAG_P99_MS + " ms"
                  : "lag above "
                      + Runner.MAX_DOUBLE_LAG_P99_MS
                      + " ms in "
                      + String.join(", ", lagging)));
      out.add(
          new SanityCheck(
              run,
              "load generator reached its target rate",
              slowGenerator.isEmpty(),
              slowGenerator.isEmpty()
                  ? "every step reached ≥ 95 % of its target arrival rate"
                  : "below 95 % of target in " + String.join(", ", slowGenerator)));
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
      try {
        s = paths(Http.JSON.readTree(body), "");
      } catch (Exception ex) {
        problems.add(e.getKey() + " is not JSON");
        continue;
      }
      int size = body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
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
