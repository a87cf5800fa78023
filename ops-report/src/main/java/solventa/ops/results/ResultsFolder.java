package solventa.ops.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.StateNames;
import solventa.ops.protocol.StepSpec;

/**
 * One folder per experiment: {@code results.json} (the {@link ExperimentRecord}), {@code steps.csv}
 * (one row per step), per-step request logs, Gatling reports, logs, and the report. Pure I/O: it
 * computes nothing; the runner and the {@code report} command analyse and render.
 */
public final class ResultsFolder {
  public static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  private final String profile;
  private final long seed;
  private final String startedAt = Instant.now().toString();
  private final Map<String, String> environment;
  private final int nodes;

  /** {@code nodes}: how many quote nodes each arm's cluster has ({@code --nodes}). */
  public ResultsFolder(
      Path dir, String profile, long seed, Map<String, String> environment, int nodes) {
    this.dir = dir;
    this.profile = profile;
    this.seed = seed;
    this.environment = environment;
    this.nodes = nodes;
  }

  /**
   * Adds what is only known once a node runs (the stack it reports) to the run's environment; a key
   * already there keeps its first value.
   */
  public void describe(java.util.Map<String, String> facts) {
    facts.forEach(environment::putIfAbsent);
  }

  public Path dir() {
    return dir;
  }

  /**
   * This run's record of what has been measured so far, not yet analysed: no sanity checks, no
   * verdicts.
   */
  public ExperimentRecord measured(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      boolean complete,
      String reason) {
    return ExperimentRecord.builder()
        .profile(profile)
        .seed(seed)
        .startedAt(startedAt)
        .finishedAt(Instant.now().toString())
        .complete(complete)
        .incompleteReason(complete ? null : reason)
        .environment(environment)
        .steps(List.copyOf(steps))
        .contracts(contracts)
        .nodes(nodes)
        .build();
  }

  /**
   * Writes what has been measured so far, marked incomplete and not analysed (the verdicts and the
   * report come at the end, or from {@code bin/lab report}).
   */
  public void saveProgress(List<StepResult> steps, Map<String, Map<String, String>> contracts)
      throws IOException {
    save(
        measured(steps, contracts, false, "the experiment is still running or was interrupted"),
        dir);
  }

  /** Writes {@code results.json} (atomically) and {@code steps.csv} into {@code dir}. */
  public static void save(ExperimentRecord e, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path tmp = dir.resolve("results.json.tmp");
    JSON.writeValue(tmp.toFile(), e);
    Files.move(tmp, dir.resolve("results.json"), StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(dir.resolve("steps.csv"), csv(e.steps()), StandardCharsets.UTF_8);
  }

  /**
   * A bench's result in {@code dir}, as an experiment's: {@code <name>.md} (the page) and {@code
   * <name>.json} (its figures, atomically, like results.json). Returns the page's path.
   */
  public static Path saveBench(Path dir, String name, String markdown, Object figures)
      throws IOException {
    Files.createDirectories(dir);
    Path tmp = dir.resolve(name + ".json.tmp");
    JSON.writeValue(tmp.toFile(), figures);
    Files.move(tmp, dir.resolve(name + ".json"), StandardCopyOption.REPLACE_EXISTING);
    Path md = dir.resolve(name + ".md");
    Files.writeString(md, markdown, StandardCharsets.UTF_8);
    return md;
  }

  /** The record stored in {@code dir/results.json}. */
  public static ExperimentRecord load(Path dir) throws IOException {
    Path file = dir.resolve("results.json");
    if (!Files.isRegularFile(file)) {
      throw new IOException("no results.json in " + dir);
    }
    return JSON.readValue(file.toFile(), ExperimentRecord.class);
  }

  public static final String CSV_HEADER =
      "id,kind,run,arm,state,hitRate,policy,targetRate,achievedRate,requests,p50,p95,p99,max,"
          + "internalP50,internalP95,internalP99,internalMax,errorPct,fallbackPct,stalePct,defaultPct,"
          + "ageP50,ageP95,sacrificed,sacrificedPct,timeToOpenMs,providerCalls,cacheMisses,"
          + "providerCallsPerMiss,poolMaxInFlight,poolSize,rejections,doubleLagP99,recoveryMs,closedAfterMs,meets,"
          + "hitRatePct,hitRateTargetPct,populationSize,scheduleLagP99Ms,nodeWorstSecondP99Ms,valid,"
          + "attempts";

  /** steps.csv: RFC 4180 (a value with a comma, a quote or a line break is quoted, not altered). */
  public static String csv(List<StepResult> steps) {
    StringBuilder sb = new StringBuilder();
    try (CSVPrinter out =
        new CSVPrinter(
            sb,
            CSVFormat.RFC4180
                .builder()
                .setHeader(CSV_HEADER.split(","))
                .setRecordSeparator('\n')
                .get())) {
      for (StepResult s : steps) {
        out.printRecord((Object[]) csvFields(s));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // a StringBuilder does not fail
    }
    return sb.toString();
  }

  private static Object[] csvFields(StepResult s) {
    StepSpec p = s.spec();
    Object[] f = {
      p.id(),
      p.kind(),
      p.run(),
      p.arm().label(),
      StateNames.label(p.state()),
      p.hitRate(),
      p.policy(),
      p.rate(),
      s.achievedRate(),
      s.requests(),
      s.endToEnd().p50(),
      s.endToEnd().p95(),
      s.endToEnd().p99(),
      s.endToEnd().max(),
      s.internal().p50(),
      s.internal().p95(),
      s.internal().p99(),
      s.internal().max(),
      s.errorPct(),
      s.fallbackPct(),
      s.stalePct(),
      s.defaultPct(),
      s.ageP50(),
      s.ageP95(),
      s.sacrificed(),
      s.sacrificedPct(),
      s.timeToOpenMs(),
      s.providerCalls(),
      s.cacheMisses(),
      s.providerCallsPerMiss(),
      s.poolMaxInFlight(),
      s.poolSize(),
      s.rejections(),
      s.doubleLagP99(),
      s.recoveryMs(),
      s.closedAfterMs(),
      s.meets(),
      s.hitRatePct(),
      s.hitRateTargetPct(),
      s.populationSize(),
      s.scheduleLagP99Ms(),
      s.nodeWorstSecondP99Ms(),
      s.valid(),
      s.attempts()
    };
    for (int i = 0; i < f.length; i++) {
      Object v = f[i];
      f[i] = v == null ? "" : v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : v;
    }
    return f;
  }
}
