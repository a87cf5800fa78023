package solventa.ops.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import solventa.gatling.StepParameters;

/**
 * Runs one step's Gatling simulation inside the runner's JVM (no JVM start per step, a warm JIT),
 * passing the step's parameters as {@code ha01.*} system properties. Steps run one at a time.
 */
public final class GatlingStep {
  /** Gatling's exit codes: 0 all assertions passed, 2 an assertion failed. */
  static final int ASSERTIONS_FAILED = 2;

  private GatlingStep() {}

  record Outcome(Boolean assertionsPassed, String report) {}

  /** The benchmark's framework floor: bare requests at the step's rate. */
  static final String FLOOR_SIMULATION = solventa.gatling.FloorSimulation.class.getName();

  /** The quote load of every arm: the arm is one of its parameters ({@code ha01.arm}). */
  static final String QUOTE_SIMULATION = solventa.gatling.QuoteSimulation.class.getName();

  /**
   * Runs {@code simulation} ({@link #QUOTE_SIMULATION} or {@link #FLOOR_SIMULATION}) with {@code
   * params}, Gatling's files in {@code resultsDir} under {@code description}; its HTML report only
   * when {@code reports}.
   */
  static synchronized Outcome run(
      String simulation,
      StepParameters params,
      String description,
      Path resultsDir,
      boolean reports) {
    params.toSystemProperties();
    List<String> args = new ArrayList<>();
    args.add("--simulation");
    args.add(simulation);
    args.add("--results-folder");
    args.add(resultsDir.toString());
    args.add("--run-description");
    args.add(description);
    if (!reports) {
      args.add("--no-reports");
    }
    int code = io.gatling.app.Gatling$.MODULE$.fromArgs(args.toArray(String[]::new));
    Boolean passed = code == 0 ? Boolean.TRUE : code == ASSERTIONS_FAILED ? Boolean.FALSE : null;
    return new Outcome(passed, reports ? findReport(resultsDir) : null);
  }

  private static String findReport(Path dir) {
    try (Stream<Path> s = Files.walk(dir, 2)) {
      return s.filter(p -> p.getFileName().toString().equals("index.html"))
          .findFirst()
          .map(Path::toString)
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }
}
