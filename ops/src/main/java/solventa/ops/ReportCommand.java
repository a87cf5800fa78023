package solventa.ops;

import java.io.IOException;
import java.nio.file.Path;
import solventa.ops.analysis.Analysis;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.report.ReportWriter;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.ResultsFolder;

/**
 * Analysis and report of a results folder: sanity checks and verdicts from the measured steps, then
 * {@code results.json}, {@code steps.csv} and {@code report.md}/{@code report.html}. The end of an
 * experiment and {@code bin/lab report DIR} (re-analysis with this build's rules and the parameters
 * of the folder's profile) both go through it.
 */
public final class ReportCommand {
  private ReportCommand() {}

  /**
   * Analyses {@code measured}, stores it in {@code dir} and writes the report; returns report.md.
   */
  public static Path publish(ExperimentRecord measured, Path dir) throws IOException {
    ExperimentRecord e =
        measured.analysed(
            Analysis.of(
                measured.steps(),
                measured.contracts(),
                ExperimentProfile.named(measured.profile())));
    ResultsFolder.save(e, dir);
    ReportWriter.write(e, dir);
    return dir.resolve("report.md");
  }

  /** Re-analysis: verdicts, sanity and report from {@code dir/results.json} alone. */
  public static Path reanalyze(Path dir) throws IOException {
    return publish(ResultsFolder.load(dir), dir);
  }
}
