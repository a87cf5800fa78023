package solventa.ops.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import solventa.gatling.RequestLog;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.NodeInterval;
import solventa.ops.analysis.NodeStats;
import solventa.ops.analysis.Sample;
import solventa.ops.analysis.StepAnalyzer;
import solventa.ops.analysis.StepResult;
import solventa.ops.protocol.StepSpec;

/**
 * A step's raw recording, beside its request log in {@code steps/<id>/}: everything the analysis
 * reads ({@link StepAnalyzer.Inputs}) but the requests, which are the step's {@code requests.csv}.
 * {@code bin/lab report DIR} re-analyses every step from it with the current code, so a change of
 * the analysis or of the rules can be applied to a run already made.
 */
public final class StepRecording {
  public static final String FILE = "inputs.json.gz";
  public static final String REQUESTS = "requests.csv";

  private StepRecording() {}

  /** {@link StepAnalyzer.Inputs} without the requests, as stored. */
  record Stored(
      StepSpec spec,
      long startMs,
      long changeMs,
      long windowStartMs,
      long endMs,
      NodeStats atWindowStart,
      NodeStats atEnd,
      long rejectedAtStart,
      List<Sample> samples,
      Double doubleLagP99,
      Boolean assertionsPassed,
      String gatlingReport,
      List<NodeInterval> nodeSeconds,
      Integer populationSize,
      boolean seeded,
      List<StepAnalyzer.NodeInputs> nodes) {}

  /**
   * Stores {@code in} in {@code stepDir}; writes the requests as {@code requests.csv} too unless
   * the generator already wrote them there.
   */
  public static void save(Path stepDir, StepAnalyzer.Inputs in) throws IOException {
    Files.createDirectories(stepDir);
    Path log = stepDir.resolve(REQUESTS);
    if (!Files.exists(log)) {
      StringBuilder b = new StringBuilder(RequestLog.HEADER).append('\n');
      in.requests().forEach(r -> b.append(r.toLine()).append('\n'));
      Files.writeString(log, b, java.nio.charset.StandardCharsets.UTF_8);
    }
    Stored s =
        new Stored(
            in.spec(),
            in.startMs(),
            in.changeMs(),
            in.windowStartMs(),
            in.endMs(),
            in.atWindowStart(),
            in.atEnd(),
            in.rejectedAtStart(),
            in.samples(),
            in.doubleLagP99(),
            in.assertionsPassed(),
            in.gatlingReport(),
            in.nodeSeconds(),
            in.populationSize(),
            in.seeded(),
            in.nodes());
    Path tmp = stepDir.resolve(FILE + ".tmp");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp))) {
      ResultsFolder.JSON.writeValue(out, s);
    }
    Files.move(tmp, stepDir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /** The recording in {@code stepDir}, empty when the step has none (results written before). */
  public static Optional<StepAnalyzer.Inputs> load(Path stepDir) throws IOException {
    Path file = stepDir.resolve(FILE);
    Path log = stepDir.resolve(REQUESTS);
    if (!Files.isRegularFile(file) || !Files.isRegularFile(log)) {
      return Optional.empty();
    }
    Stored s;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      s = ResultsFolder.JSON.readValue(in, Stored.class);
    }
    List<RequestRecord> requests = RequestLog.read(log);
    return Optional.of(
        new StepAnalyzer.Inputs(
            s.spec(),
            s.startMs(),
            s.changeMs(),
            s.windowStartMs(),
            s.endMs(),
            requests,
            s.atWindowStart(),
            s.atEnd(),
            s.rejectedAtStart(),
            s.samples() == null ? List.of() : s.samples(),
            s.doubleLagP99(),
            s.assertionsPassed(),
            s.gatlingReport(),
            s.nodeSeconds() == null ? List.of() : s.nodeSeconds(),
            s.populationSize(),
            s.seeded(),
            s.nodes() == null ? List.of() : s.nodes()));
  }

  /**
   * {@code stored} re-analysed from its recording in {@code resultsDir/steps/<id>/}, empty when it
   * has none. A step that was re-run keeps its first attempt's invalidations (only the second
   * attempt's recording is kept) and recomputes the second's.
   */
  public static Optional<StepResult> reanalyze(Path resultsDir, StepResult stored)
      throws IOException {
    Optional<StepAnalyzer.Inputs> in =
        load(resultsDir.resolve("steps").resolve(stored.spec().id()));
    if (in.isEmpty()) {
      return Optional.empty();
    }
    StepResult again = StepAnalyzer.analyze(in.get());
    if (stored.attempts() <= 1) {
      return Optional.of(again);
    }
    List<String> all = new ArrayList<>();
    stored.invalidations().stream().filter(x -> x.startsWith("attempt 1: ")).forEach(all::add);
    again.invalidations().forEach(x -> all.add("attempt 2: " + x));
    return Optional.of(
        again.withInvalidations(all, again.invalidations().isEmpty(), stored.attempts()));
  }
}
