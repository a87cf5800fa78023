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
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;

/**
 * A step's raw recording, beside its request log in {@code steps/<id>/}: everything the analysis
 * reads ({@link StepAnalyzer.Inputs}) but the requests, which are the step's {@code requests.csv}.
 * {@code bin/lab report DIR} re-analyses every step from it with the current code, so a change of
 * the analysis or of the rules can be applied to a run already made.
 */
public final class StepRecording {
  public static final String FILE = "inputs.json.gz";
  public static final String REQUESTS = "requests.csv";

  /**
   * The price probe's folder in a results folder: its {@code requests.csv} holds the quotes made
   * after the protocol to price DEFAULT customers on their own profile.
   */
  public static final String PRICE_PROBE = "price-probe";

  /** The environment's fact saying what insured object each request carried. */
  public static final String INSURED_OBJECTS = "insured objects";

  /**
   * Its value since each customer is quoted on their own insured object, in a risk segment (a run
   * recorded before sent one object per line, and has no such fact).
   */
  public static final String OBJECTS_BY_SEGMENT =
      "each customer's own, by risk segment (the band or category the rule book rates it by)";

  /** Whether a run with {@code environment} quoted each customer on their own insured object. */
  public static boolean bySegment(java.util.Map<String, String> environment) {
    return OBJECTS_BY_SEGMENT.equals(environment.get(INSURED_OBJECTS));
  }

  private StepRecording() {}

  /**
   * Stores {@code in} in {@code stepDir}; writes the requests as {@code requests.csv} too unless
   * the generator already wrote them there.
   */
  public static void save(Path stepDir, StepAnalyzer.Inputs in) throws IOException {
    Files.createDirectories(stepDir);
    Path log = stepDir.resolve(REQUESTS);
    if (!Files.exists(log)) {
      writeLog(log, in.requests());
    }
    Path tmp = stepDir.resolve(FILE + ".tmp");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp))) {
      // the requests are the step's requests.csv: stored once, in the generator's own format
      ResultsFolder.JSON.writeValue(out, in.withRequests(List.of()));
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
    com.fasterxml.jackson.databind.JsonNode tree;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      tree = ResultsFolder.JSON.readTree(in);
    }
    StepAnalyzer.Inputs s =
        tree.has("startMs")
            ? ResultsFolder.JSON.treeToValue(tree, FlatInputs.class).grouped()
            : ResultsFolder.JSON.treeToValue(tree, StepAnalyzer.Inputs.class);
    return Optional.of(s.withRequests(RequestLog.read(log)));
  }

  /**
   * Every DEFAULT quote's premium against the same customer's own premium ({@link PricePairs}),
   * from the request logs of {@code steps} ({@link #requestLog}) and the price probe's ({@code
   * price-probe/requests.csv}, when the run has one): the run's index of own premiums and each
   * step's paired price error, per line, and per risk segment when the run's {@code environment}
   * says each customer carried their own insured object. Null when no log carried a premium.
   */
  public static PricePairs pricePairs(
      Path resultsDir, List<StepResult> steps, java.util.Map<String, String> environment) {
    Path probe = resultsDir.resolve(PRICE_PROBE).resolve(REQUESTS);
    return PricePairs.of(
        steps,
        s -> requestLog(resultsDir, s),
        Files.isRegularFile(probe) ? read(probe) : null,
        bySegment(environment) ? StepRecording::segmentOf : null);
  }

  /** A customer's risk segment as the report names it, or null for an id of another form. */
  private static String segmentOf(String customerId) {
    solventa.vocabulary.RiskSegment s = solventa.gatling.KeyFeeder.segmentOf(customerId);
    return s == null ? null : s.display();
  }

  /**
   * The request log of {@code step} in {@code resultsDir/steps/<id>/}, or null. A log recorded
   * before the premium column ({@link RequestLog#HEADER_BEFORE_PREMIUM}) is not read further than
   * its header; a step without a log, or with one that cannot be read, gives null (the end of an
   * experiment still publishes; the logs read are counted).
   */
  public static List<RequestRecord> requestLog(Path resultsDir, StepResult step) {
    Path log = resultsDir.resolve("steps").resolve(step.spec().id()).resolve(REQUESTS);
    return Files.isRegularFile(log) ? read(log) : null;
  }

  private static List<RequestRecord> read(Path log) {
    try {
      return beforePremiums(log) ? null : RequestLog.read(log);
    } catch (IllegalArgumentException | java.io.UncheckedIOException unreadable) {
      return null; // not counted among the logs read: the report says how many were
    }
  }

  /** Writes {@code records} as a request log at {@code file}, in the generator's own format. */
  public static void writeLog(Path file, List<RequestRecord> records) throws IOException {
    Files.createDirectories(file.getParent());
    StringBuilder b = new StringBuilder(RequestLog.HEADER).append('\n');
    records.forEach(r -> b.append(r.toLine()).append('\n'));
    Files.writeString(file, b, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Whether the request log starts with the header of the logs without premiums. */
  private static boolean beforePremiums(Path log) {
    try (java.io.BufferedReader in =
        Files.newBufferedReader(log, java.nio.charset.StandardCharsets.UTF_8)) {
      return RequestLog.HEADER_BEFORE_PREMIUM.equals(in.readLine());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read request log " + log, e);
    }
  }

  /**
   * A recording made before the inputs were grouped (2026-12-03): the same fields, flat, in the
   * order they were declared. Read only, and turned into {@link StepAnalyzer.Inputs}.
   */
  record FlatInputs(
      solventa.ops.protocol.StepSpec spec,
      long startMs,
      long changeMs,
      long windowStartMs,
      long endMs,
      List<solventa.gatling.RequestRecord> requests,
      solventa.ops.analysis.figures.NodeStats atWindowStart,
      solventa.ops.analysis.figures.NodeStats atEnd,
      long rejectedAtStart,
      List<solventa.ops.analysis.figures.Sample> samples,
      Double doubleLagP99,
      Boolean assertionsPassed,
      String gatlingReport,
      List<solventa.ops.analysis.figures.NodeInterval> nodeSeconds,
      Integer populationSize,
      boolean seeded,
      Double seededHitRate,
      List<StepAnalyzer.NodeInputs> nodes) {
    StepAnalyzer.Inputs grouped() {
      return new StepAnalyzer.Inputs(
          spec,
          new StepAnalyzer.Inputs.Times(startMs, changeMs, windowStartMs, endMs),
          new StepAnalyzer.Inputs.Load(requests, assertionsPassed, gatlingReport),
          new StepAnalyzer.Inputs.Readings(
              atWindowStart, atEnd, rejectedAtStart, samples, nodeSeconds, doubleLagP99, nodes),
          new StepAnalyzer.Inputs.Known(populationSize, seeded, seededHitRate));
    }
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
