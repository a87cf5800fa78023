package solventa.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import solventa.ops.compare.CompareReport;
import solventa.ops.compare.Comparison;
import solventa.ops.compare.Side;

/**
 * {@code bin/lab compare DIR_A DIR_B}: two results folders compared step by step ({@link
 * Comparison}), written as compare.md and compare.json; one line per design on the console. With
 * {@code --fail-on worse} it exits 3 when a figure of a pair got worse by an interval that lies
 * wholly above 0, so a team can gate a change in CI on its run against the last one.
 */
@Command(
    name = "compare",
    description =
        "Two results folders compared step by step (before and after a change, or one design on two seeds): the p95, p99, errors, fallback and recovery time of every step both ran, each side's value, the difference B - A and its 95 % interval, paired where the steps drew the same key sequence: writes compare.md and compare.json.",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:the folders were compared",
      "1:it failed",
      "2:the command line was refused (a folder without results.json)",
      "3:--fail-on worse: a figure got worse by an interval wholly above 0"
    })
final class CompareCommand implements Callable<Integer> {
  static final int WORSE = 3;

  @Parameters(
      index = "0",
      paramLabel = "DIR_A",
      description = "the results folder to compare with (before)")
  Path a;

  @Parameters(
      index = "1",
      paramLabel = "DIR_B",
      description = "the results folder compared (after)")
  Path b;

  @Option(
      names = "--fail-on",
      paramLabel = "KIND",
      description =
          "worse: exit 3 when a figure of a pair got worse (a higher p95, p99, error or fallback share, a later recovery) by an interval that lies wholly above 0, to gate a change in CI")
  String failOn;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "the folder for compare.md and compare.json; default results/compare-<timestamp>")
  Path out;

  @Override
  public Integer call() {
    boolean gate = failOn != null;
    if (gate && !failOn.trim().toLowerCase(Locale.ROOT).equals("worse")) {
      throw new IllegalArgumentException("--fail-on must be worse, not '" + failOn + "'");
    }
    Comparison c;
    Path md;
    try {
      Side sa = Side.load("A", a.toAbsolutePath());
      Side sb = Side.load("B", b.toAbsolutePath());
      c = Comparison.of(sa, sb);
      md =
          CompareReport.write(c, (out == null ? Main.resultsDir("compare") : out).toAbsolutePath());
    } catch (IOException | UncheckedIOException e) {
      System.err.println("compare failed: " + Main.causes(e));
      return Outcome.INVALID_OR_FAILED;
    }
    CompareReport.consoleLines(c).forEach(System.out::println);
    System.out.println("compare: " + md);
    System.out.println("         " + md.resolveSibling("compare.json"));
    if (gate && !c.worse().isEmpty()) {
      System.out.println("exit 3: --fail-on worse: " + String.join("; ", c.worse()));
      return WORSE;
    }
    return Outcome.JUDGED;
  }
}
