package solventa.ops.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.ops.protocol.StepSpec;

/**
 * How each verdict would read if the card's ambiguous passages were read the other way ({@link
 * CardReading}): every hypothesis judged again, by the same rules code, on the experiment's steps
 * with each step the reading changes replaced by its counterpart measured under that reading (the
 * steps it does not change stay). A verdict that reads no step a reading changes is unchanged by
 * construction; one whose changed steps have no counterpart is not measured, with the reason.
 *
 * @param readings each reading's tag and the column it heads: "tail-p95" → "tail read as p95"
 * @param rows one per verdict, in the card's order
 * @param flips one line per verdict that a reading turns into another verdict
 */
public record Sensitivity(Map<String, String> readings, List<Row> rows, List<String> flips) {

  /** A cell's outcome: the verdict judged again on the steps measured under the reading. */
  public static final String REJUDGED = "re-judged";

  /** A cell's outcome: the verdict reads no step the reading changes. */
  public static final String UNCHANGED = "unchanged by construction";

  /** A cell's outcome: the verdict reads changed steps, none measured under the reading. */
  public static final String NOT_MEASURED = "not measured";

  /**
   * One verdict under one reading.
   *
   * @param outcome {@link #REJUDGED}, {@link #UNCHANGED} or {@link #NOT_MEASURED}
   * @param verdict the verdict judged again (re-judged only)
   * @param flips whether it differs from the verdict as judged (re-judged only)
   * @param reason why it is unchanged or not measured
   * @param replaced the steps replaced by their counterparts (re-judged only)
   * @param kept the steps the reading changes that had no counterpart and stayed as measured
   */
  public record Cell(
      String outcome,
      @JsonInclude(JsonInclude.Include.NON_NULL) String verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean flips,
      @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> replaced,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> kept) {

    public Cell {
      // results.json leaves an empty list out
      replaced = replaced == null ? List.of() : List.copyOf(replaced);
      kept = kept == null ? List.of() : List.copyOf(kept);
    }

    /** The cell as the table shows it. */
    public String text() {
      if (!outcome.equals(REJUDGED)) {
        return outcome + ": " + reason;
      }
      String s = verdict + (Boolean.TRUE.equals(flips) ? " (flips)" : "");
      s += " — " + String.join(", ", replaced) + " measured under the reading";
      return kept.isEmpty()
          ? s
          : s + "; " + String.join(", ", kept) + " kept as measured under today's reading";
    }
  }

  /** One verdict: as judged, and its cell under each reading (by the reading's tag). */
  public record Row(String id, String asJudged, Map<String, Cell> cells) {}

  /** Whether some verdict flips under some reading: the first screen names them. */
  public boolean anyFlip() {
    return !flips.isEmpty();
  }

  /**
   * The sensitivity of {@code asJudged} (the verdicts judged on {@code steps}' main steps) to every
   * reading, from the steps {@code steps} holds under each.
   *
   * @param complete whether the experiment ran to its end (a {@code full} run without steps under
   *     the readings is then one recorded before they were part of it)
   */
  public static Sensitivity of(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      ExperimentProfile profile,
      VerdictRules rules,
      Map<String, Verdict> asJudged,
      boolean complete) {
    Map<String, String> readings = new LinkedHashMap<>();
    Map<CardReading, Map<String, Cell>> byReading = new LinkedHashMap<>();
    for (CardReading r : CardReading.values()) {
      readings.put(r.tag(), r.label());
      byReading.put(r, Rejudging.of(steps, contracts, profile, rules, r, complete).cells(asJudged));
    }
    List<Row> rows = new ArrayList<>();
    List<String> flips = new ArrayList<>();
    for (Map.Entry<String, Verdict> v : asJudged.entrySet()) {
      Map<String, Cell> cells = new LinkedHashMap<>();
      for (CardReading r : CardReading.values()) {
        Cell c = byReading.get(r).get(v.getKey());
        cells.put(r.tag(), c);
        if (Boolean.TRUE.equals(c.flips())) {
          flips.add(
              v.getKey()
                  + " flips with the "
                  + r.label()
                  + ": "
                  + v.getValue().verdict()
                  + " as judged, "
                  + c.verdict()
                  + " re-judged");
        }
      }
      rows.add(new Row(v.getKey(), v.getValue().verdict(), cells));
    }
    return new Sensitivity(readings, rows, flips);
  }

  /** "C R1 healthy": a step as the cells name it. */
  static String who(StepSpec s) {
    return s.arm().label() + " " + s.run() + " " + StateNames.label(s.state());
  }

  /**
   * Why no verdict is measured under the readings in this experiment, or null when it has steps
   * under them: a profile other than {@code full}, or a {@code full} run recorded before they were
   * part of it (or stopped before them).
   */
  static String noneMeasured(
      ExperimentProfile profile, boolean anyUnderReadings, boolean complete) {
    if (!solventa.ops.protocol.SensitivityPlan.measuresSensitivity(profile)) {
      return "measured in full only";
    }
    if (!anyUnderReadings) {
      return complete
          ? "recorded before full measured steps under the card's other readings"
          : "the experiment stopped before its steps under the card's other readings";
    }
    return null;
  }

  /** Why a verdict whose changed steps have no counterpart under the reading is not measured. */
  static String noCounterpart(List<String> changed, List<String> measuredUnder) {
    return "none of the steps it reads that the reading changes ("
        + (changed.isEmpty() ? "none was run" : String.join(", ", changed))
        + ") was measured under it; full measures it on "
        + (measuredUnder.isEmpty() ? "no step" : String.join(", ", measuredUnder))
        + ", the fewest steps its seven minutes allow";
  }
}
