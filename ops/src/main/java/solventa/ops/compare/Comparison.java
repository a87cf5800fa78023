package solventa.ops.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepSpec;

/**
 * Two results folders compared step by step: every step of A paired with B's step of the same key
 * ({@link StepKey}: design, provider state, run, kind and the kind's setting), and for each pair
 * the figures of both sides with the differences B − A and their 95 % intervals ({@link
 * Differences}). What compare.json holds; compare.md renders it ({@link CompareReport}).
 *
 * @param a folder A as recorded
 * @param b folder B as recorded
 * @param pairing whether the folders can pair their steps, in words
 * @param designs one entry per design either folder ran, in the protocol's order
 * @param worse every figure whose interval lies wholly on the worse side, as the console names it
 */
public record Comparison(
    Folder a, Folder b, String pairing, List<Design> designs, List<String> worse) {

  /**
   * One folder as the header names it.
   *
   * @param recordings how many of its steps kept a raw recording
   */
  public record Folder(
      String folder,
      String profile,
      String commit,
      String runnerSeed,
      String doubleSeed,
      String startedAt,
      String rulesVersion,
      boolean complete,
      int steps,
      long recordings) {
    static Folder of(Side s) {
      return new Folder(
          s.dir() == null ? "(in memory)" : s.dir().toString(),
          s.record().profile(),
          s.commit(),
          s.runnerSeed(),
          s.doubleSeed(),
          s.record().startedAt(),
          s.record().rulesVersion(),
          s.record().complete(),
          s.record().steps().size(),
          s.recordings());
    }
  }

  /**
   * One design's pairs.
   *
   * @param design the arm's label
   * @param rows one per pair of steps, in the order A ran them
   * @param onlyInA A's steps of this design that B has no step for (their ids)
   * @param onlyInB B's steps of this design that A has no step for
   */
  public record Design(String design, List<Row> rows, List<String> onlyInA, List<String> onlyInB) {
    /** How many rows were paired. */
    long paired() {
      return rows.stream().filter(Row::paired).count();
    }
  }

  /**
   * One pair of steps.
   *
   * @param row the pair as compare.md's row names it ("healthy · R1")
   * @param stepA A's step id
   * @param stepB B's step id
   * @param paired whether its intervals are paired
   * @param unpairedBecause why not, null when paired
   * @param invalid the sanity failures of a step that did not pass its checks, null when both did
   *     (such a pair is shown, and not gated)
   * @param figures p95, p99, errors, fallback and recovery time
   */
  public record Row(
      String row,
      String stepA,
      String stepB,
      boolean paired,
      String unpairedBecause,
      String invalid,
      List<Difference> figures) {}

  /** Compares folder {@code a} with folder {@code b}. */
  public static Comparison of(Side a, Side b) {
    String folders = unpairedFolders(a, b);
    Map<StepKey, StepResult> ia = StepKey.index(a.record().steps());
    Map<StepKey, StepResult> ib = StepKey.index(b.record().steps());
    Map<String, Design> designs = new LinkedHashMap<>();
    for (BenchArm arm : BenchArm.values()) {
      designs.put(arm.label(), null);
    }
    List<String> worse = new ArrayList<>();
    for (var e : ia.entrySet()) {
      StepResult sb = ib.get(e.getKey());
      Design d = design(designs, e.getKey().design());
      if (sb == null) {
        d.onlyInA().add(e.getValue().spec().id());
        continue;
      }
      Row row = row(a, b, e.getKey(), e.getValue(), sb, folders);
      d.rows().add(row);
      if (row.invalid() == null) {
        row.figures().stream()
            .filter(Difference::worse)
            .forEach(f -> worse.add(d.design() + " " + row.row() + " " + f.brief()));
      }
    }
    for (var e : ib.entrySet()) {
      if (!ia.containsKey(e.getKey())) {
        design(designs, e.getKey().design()).onlyInB().add(e.getValue().spec().id());
      }
    }
    return new Comparison(
        Folder.of(a),
        Folder.of(b),
        folders == null
            ? "paired where the steps match: the same profile ("
                + a.record().profile()
                + ") and runner seed ("
                + a.runnerSeed()
                + ")"
            : "unpaired: " + folders,
        designs.values().stream().filter(Objects::nonNull).toList(),
        List.copyOf(worse));
  }

  /** Why the two folders' steps cannot have drawn the same key sequences; null when they can. */
  static String unpairedFolders(Side a, Side b) {
    if (!Objects.equals(a.record().profile(), b.record().profile())) {
      return "the folders ran different profiles ("
          + a.record().profile()
          + ", "
          + b.record().profile()
          + "), whose steps draw different key sequences";
    }
    if (!a.runnerSeed().equals(b.runnerSeed())) {
      return "the folders ran with different runner seeds ("
          + a.runnerSeed()
          + ", "
          + b.runnerSeed()
          + "), so their key sequences differ";
    }
    return null;
  }

  /** Why two steps of folders that can pair do not: their specs differ; null when they match. */
  static String unpairedSteps(StepSpec a, StepSpec b) {
    if (a.equals(b)) {
      return null;
    }
    List<String> d = new ArrayList<>();
    if (a.rate() != b.rate()) {
      d.add("rate " + a.rate() + " → " + b.rate() + " req/s");
    }
    if (a.hitRate() != b.hitRate()) {
      d.add("hit rate " + a.hitRate() + " → " + b.hitRate());
    }
    if (a.warmupSec() != b.warmupSec() || a.measureSec() != b.measureSec()) {
      d.add(
          "window "
              + a.warmupSec()
              + "+"
              + a.measureSec()
              + " s → "
              + b.warmupSec()
              + "+"
              + b.measureSec()
              + " s");
    }
    if (d.isEmpty()) {
      d.add("step " + a.id() + " → " + b.id());
    }
    return "the steps' specs differ (" + String.join(", ", d) + ")";
  }

  private static Design design(Map<String, Design> designs, String label) {
    Design d = designs.get(label);
    if (d == null) {
      d = new Design(label, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      designs.put(label, d);
    }
    return d;
  }

  private static Row row(
      Side a, Side b, StepKey key, StepResult sa, StepResult sb, String folders) {
    String why = folders != null ? folders : unpairedSteps(sa.spec(), sb.spec());
    Differences.Outcome o =
        Differences.of(
            new Differences.Step(sa, a.recording(sa).orElse(null)),
            new Differences.Step(sb, b.recording(sb).orElse(null)),
            why);
    List<String> invalid = new ArrayList<>();
    if (!sa.valid()) {
      invalid.add("A: " + invalidations(sa));
    }
    if (!sb.valid()) {
      invalid.add("B: " + invalidations(sb));
    }
    return new Row(
        key.row(),
        sa.spec().id(),
        sb.spec().id(),
        o.paired(),
        o.unpairedBecause(),
        invalid.isEmpty() ? null : String.join("; ", invalid),
        o.figures());
  }

  private static String invalidations(StepResult s) {
    return s.invalidations() == null || s.invalidations().isEmpty()
        ? "failed its sanity checks"
        : String.join("; ", s.invalidations());
  }
}
