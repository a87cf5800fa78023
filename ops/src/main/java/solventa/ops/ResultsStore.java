package solventa.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.VerdictRules;

/**
 * One folder per experiment: {@code results.json} (steps, sanity, verdicts), {@code steps.csv} (one
 * row per step), per-step request logs, Gatling reports, logs, and the report. {@link
 * #reanalyze(Path)} regenerates verdicts and report from {@code results.json} alone.
 */
final class ResultsStore {
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  private final String profile;
  private final long seed;
  private final String startedAt = Instant.now().toString();
  private final Map<String, String> environment;
  private final int nodes;

  ResultsStore(Path dir, String profile, long seed, Map<String, String> environment) {
    this(dir, profile, seed, environment, 1);
  }

  ResultsStore(Path dir, String profile, long seed, Map<String, String> environment, int nodes) {
    this.dir = dir;
    this.profile = profile;
    this.seed = seed;
    this.environment = environment;
    this.nodes = nodes;
  }

  Path dir() {
    return dir;
  }

  /** Writes what has been measured so far, marked incomplete. */
  void writePartial(List<StepResult> steps, Map<String, Map<String, String>> contracts)
      throws IOException {
    write(steps, contracts, false, "the experiment is still running or was interrupted");
  }

  Experiment write(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      boolean complete,
      String reason)
      throws IOException {
    Results r = new Results(List.copyOf(steps));
    List<SanityCheck> sanity = Sanity.check(r, contracts);
    Experiment e =
        new Experiment(
            profile,
            seed,
            startedAt,
            Instant.now().toString(),
            complete,
            complete ? null : reason,
            environment,
            r.steps(),
            contracts,
            sanity,
            VerdictRules.RULES_VERSION,
            Verdicts.compute(r, sanity, ExperimentProfile.named(profile)),
            nodes);
    save(e, dir);
    return e;
  }

  static void save(Experiment e, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path tmp = dir.resolve("results.json.tmp");
    JSON.writeValue(tmp.toFile(), e);
    Files.move(tmp, dir.resolve("results.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(dir.resolve("steps.csv"), csv(e.steps()), StandardCharsets.UTF_8);
    ReportWriter.write(e, dir);
  }

  /**
   * Re-analysis: verdicts, sanity and report from a stored {@code results.json}, with the rules of
   * this build ({@link VerdictRules#RULES_VERSION}) and the parameters of its profile.
   */
  static Path reanalyze(Path dir) throws IOException {
    Path file = dir.resolve("results.json");
    if (!Files.isRegularFile(file)) {
      throw new IOException("no results.json in " + dir);
    }
    Experiment old = JSON.readValue(file.toFile(), Experiment.class);
    Results r = new Results(old.steps());
    List<SanityCheck> sanity = Sanity.check(r, old.contracts());
    Experiment e =
        new Experiment(
            old.profile(),
            old.seed(),
            old.startedAt(),
            old.finishedAt(),
            old.complete(),
            old.incompleteReason(),
            old.environment(),
            old.steps(),
            old.contracts(),
            sanity,
            VerdictRules.RULES_VERSION,
            Verdicts.compute(r, sanity, ExperimentProfile.named(old.profile())),
            old.nodes());
    save(e, dir);
    return dir.resolve("report.md");
  }

  static final String CSV_HEADER =
      "id,kind,run,arm,state,hitRate,policy,targetRate,achievedRate,requests,p50,p95,p99,max,"
          + "internalP50,internalP95,internalP99,internalMax,errorPct,fallbackPct,stalePct,defaultPct,"
          + "ageP50,ageP95,sacrificed,sacrificedPct,timeToOpenMs,providerCalls,cacheMisses,"
          + "providerCallsPerMiss,poolMaxInFlight,poolSize,rejections,doubleLagP99,recoveryMs,closedAfterMs,meets,"
          + "hitRatePct,hitRateTargetPct,populationSize,scheduleLagP99Ms,nodeWorstSecondP99Ms,valid,"
          + "attempts";

  static String csv(List<StepResult> steps) {
    StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
    for (StepResult s : steps) {
      StepSpec p = s.spec();
      Object[] f = {
        p.id(),
        p.kind(),
        p.run(),
        p.arm().label(),
        p.state().label(),
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
        if (i > 0) {
          sb.append(',');
        }
        Object v = f[i];
        sb.append(
            v == null
                ? ""
                : v instanceof Double d
                    ? String.format(Locale.ROOT, "%.3f", d)
                    : v.toString().replace(",", ";"));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
