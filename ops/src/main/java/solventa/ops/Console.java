package solventa.ops;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.Latency;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.Acceptance;

/**
 * The experiment's console: one line per step (step, elapsed, ETA, headline figures), the warnings
 * that matter to the result (WARN and above from {@code solventa.ops}, see {@code logback.xml} and
 * {@link WarningsAppender}), and the results folder. Everything else written to {@code System.out}
 * or {@code System.err} during the run (Gatling's console summaries, logback's INFO lines, stray
 * prints) goes to {@code <results>/logs/console.log}; the nodes, the double and the servers log
 * into the same folder. {@code --verbose} (system property {@value #VERBOSE}) leaves the streams
 * alone, so the detail is printed as before.
 */
public final class Console {
  /** System property set by {@code --verbose}: print everything, redirect nothing. */
  static final String VERBOSE = "lab.verbose";

  private static final PrintStream REAL_OUT = System.out;
  private static final PrintStream REAL_ERR = System.err;
  private static volatile PrintStream file;

  private Console() {}

  /** True while the streams go to the results folder. */
  static boolean isQuiet() {
    return file != null;
  }

  static boolean verbose() {
    return Boolean.getBoolean(VERBOSE);
  }

  /** Where the console's own lines go: the terminal, whatever System.out points at now. */
  static PrintStream out() {
    return REAL_OUT;
  }

  /**
   * Sends everything but the console's own lines to {@code <logs>/console.log} (unless verbose) and
   * names the folder.
   */
  static synchronized void quiet(Path results) throws IOException {
    Path logs = Files.createDirectories(results.resolve("logs"));
    if (verbose()) {
      REAL_OUT.println("results: " + results + " (verbose: the detail is printed here)");
      return;
    }
    Path log = logs.resolve("console.log");
    file = new PrintStream(new FileOutputStream(log.toFile(), true), true, StandardCharsets.UTF_8);
    System.setOut(file);
    System.setErr(file);
    REAL_OUT.println("results: " + results);
    REAL_OUT.println(
        "  detail (Gatling, logs) in " + log + " and the logs/ folder; --verbose prints it here");
  }

  /** Puts the streams back (before the final lines and error messages). */
  static synchronized void restore() {
    System.setOut(REAL_OUT);
    System.setErr(REAL_ERR);
    if (file != null) {
      file.flush();
      file.close();
      file = null;
    }
  }

  /** A warning that matters to the result (from {@link WarningsAppender}). */
  static void warning(String message) {
    REAL_OUT.println("  warning: " + message);
  }

  /**
   * The line printed once step {@code i} of {@code plan} ended: its id, elapsed time, the ETA of
   * the rest (from the remaining steps' durations plus {@code overheadSec} each) and its headline
   * figures at the load generator. {@code mayAdd} steps of {@code addedSec} each may still be added
   * to the plan (C's bisection): the count shows them as "+≤N" and the ETA includes them, so it is
   * an upper bound until the bisection has stopped.
   */
  public static void step(
      int i,
      List<StepSpec> plan,
      int mayAdd,
      int addedSec,
      long t0,
      StepResult r,
      int overheadSec) {
    long elapsed = (System.currentTimeMillis() - t0) / 1000;
    long remaining = (long) mayAdd * (addedSec + overheadSec);
    for (int j = i + 1; j < plan.size(); j++) {
      remaining += plan.get(j).durationSec() + overheadSec;
    }
    REAL_OUT.println(
        String.format(
                Locale.ROOT,
                "[%d/%d%s] %-26s elapsed %s  ETA %s  ",
                i + 1,
                plan.size(),
                mayAdd > 0 ? "+≤" + mayAdd : "",
                plan.get(i).id(),
                minSec(elapsed),
                minSec(remaining))
            + headline(r));
  }

  static String headline(StepResult r) {
    if (r == null) {
      return "(no result)";
    }
    Latency e = r.endToEnd();
    return String.format(
        Locale.ROOT,
        "p95 %s  p99 %s  errors %s  fallback %s%s",
        ms(e == null ? null : e.p95()),
        ms(e == null ? null : e.p99()),
        pct(r.errorPct()),
        pct(r.fallbackPct()),
        Boolean.FALSE.equals(r.meets())
            ? "  (misses " + Acceptance.P95_MS + "/" + Acceptance.P99_MS + " ms)"
            : "");
  }

  private static String minSec(long s) {
    return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
  }

  private static String ms(Double v) {
    return v == null ? "n/a" : String.format(Locale.ROOT, "%.0f ms", v);
  }

  private static String pct(Double v) {
    return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f %%", v);
  }
}
