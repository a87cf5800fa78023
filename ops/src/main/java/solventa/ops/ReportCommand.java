package solventa.ops;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.power.OcRow;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.report.DecisionCard;
import solventa.ops.report.EvidenceWords;
import solventa.ops.report.ReportWriter;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.ResultsFolder;
import solventa.ops.results.StepRecording;

/**
 * Analysis and report of a results folder: sanity checks and verdicts from the measured steps, then
 * {@code results.json}, {@code steps.csv}, {@code report.md}/{@code report.html} and the decision
 * card {@code summary.json}. The end of an experiment and {@code bin/lab report DIR} (re-analysis
 * with this build's rules and the parameters of the folder's profile) both go through it.
 */
public final class ReportCommand {
  private ReportCommand() {}

  /**
   * Analyses {@code measured}, pairs every DEFAULT quote with the same customer's own premium from
   * the request logs in {@code dir} ({@link StepRecording#pricePairs}), stores it in {@code dir}
   * and writes the report; returns report.md.
   */
  public static Path publish(ExperimentRecord measured, Path dir) throws IOException {
    return publish(measured, dir, Actuarial.DECLARED);
  }

  /** As {@link #publish(ExperimentRecord, Path)}, judged with the actuarial inputs {@code a}. */
  public static Path publish(ExperimentRecord measured, Path dir, Actuarial a) throws IOException {
    ExperimentProfile profile =
        ExperimentProfile.asRecorded(measured.profile(), measured.environment());
    ExperimentRecord e =
        EvidenceWords.worded(
            measured
                .withPricePairs(
                    StepRecording.pricePairs(dir, measured.steps(), measured.environment()))
                .analysed(
                    Analysis.of(
                        measured.steps(),
                        measured.contracts(),
                        profile,
                        measured.environment(),
                        a,
                        measured.complete()))
                .withOperatingCharacteristics(OcRow.of(profile, a)));
    ResultsFolder.save(e, dir);
    ReportWriter.write(e, dir);
    DecisionCard.write(e, dir);
    return dir.resolve("report.md");
  }

  /**
   * What a re-analysis did.
   *
   * @param fromRecordings the steps re-analysed from their raw recordings with this build's code
   * @param steps every step of the folder (the others keep the figures results.json holds)
   */
  public record Reanalysis(Path report, int fromRecordings, int steps) {
    /** One console line: how much of the folder was recomputed. */
    public String describe() {
      return fromRecordings == steps
          ? "every step (" + steps + ") re-analysed from its raw recording"
          : fromRecordings
              + " of "
              + steps
              + " steps re-analysed from their raw recordings; the others have none (results"
              + " written before recordings were stored, or not stored) and keep results.json's"
              + " figures";
    }
  }

  /**
   * Re-analysis: every step that has a raw recording ({@link StepRecording}) is analysed again from
   * it with this build's code, then the sanity checks, the verdicts and the report.
   */
  public static Reanalysis reanalyze(Path dir) throws IOException {
    return reanalyze(dir, Actuarial.DECLARED);
  }

  /** As {@link #reanalyze(Path)}, the verdicts judged with the actuarial inputs {@code a}. */
  public static Reanalysis reanalyze(Path dir, Actuarial a) throws IOException {
    ExperimentRecord stored = ResultsFolder.load(dir);
    List<StepResult> steps = new ArrayList<>();
    int fromRaw = 0;
    for (StepResult s : stored.steps()) {
      Optional<StepResult> again = StepRecording.reanalyze(dir, s);
      fromRaw += again.isPresent() ? 1 : 0;
      steps.add(again.orElse(s));
    }
    Path report = publish(stored.withSteps(steps), dir, a);
    return new Reanalysis(report, fromRaw, steps.size());
  }
}
