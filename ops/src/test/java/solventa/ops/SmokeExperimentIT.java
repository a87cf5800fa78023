package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.gatling.Acceptance;
import solventa.gatling.RequestLog;
import solventa.gatling.RequestRecord;
import solventa.ops.lab.Http;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepSpec;

/**
 * The real pipeline end to end on the tiny {@code smoke} profile: embedded lab (Redis, PostgreSQL,
 * Toxiproxy, the double and quote nodes as their own processes), Gatling load, analysis, verdicts
 * and report. Asserts the structure of results.json and of the report, and physical sanity.
 */
class SmokeExperimentIT {
  @TempDir static Path dir;
  static JsonNode results;
  static String report;

  @BeforeAll
  static void runSmoke() throws Exception {
    Path md = ExperimentCommand.run(ExperimentProfile.named("smoke"), dir, 42);
    results = Http.JSON.readTree(dir.resolve("results.json").toFile());
    report = Files.readString(md, StandardCharsets.UTF_8);
  }

  @Test
  void resultsHoldEveryStepWithItsMeasurementsAndAComputedVerdictPerHypothesis() {
    assertThat(results.path("complete").asBoolean()).isTrue();
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("smoke"));
    assertThat(results.path("steps")).hasSize(plan.size());
    for (JsonNode s : results.path("steps")) {
      for (String f :
          List.of(
              "spec",
              "requests",
              "endToEnd",
              "internal",
              "errorPct",
              "fallbackPct",
              "stalePct",
              "defaultPct",
              "sacrificed",
              "timeToOpenMs",
              "providerCallsPerMiss",
              "poolMaxInFlight",
              "rejections",
              "hitRatePct",
              "scheduleLagP99Ms",
              "nodeWorstSecondP99Ms",
              "invalidations",
              "valid",
              "missing")) {
        assertThat(s.has(f)).as(s.path("spec").path("id") + " has " + f).isTrue();
      }
      // a null measurement always carries its reason
      for (String f :
          List.of(
              "timeToOpenMs",
              "providerCallsPerMiss",
              "achievedRate",
              "doubleLagP99",
              "sacrificedPct",
              "scheduleLagP99Ms",
              "hitRateTargetPct")) {
        if (s.path(f).isNull()) {
          assertThat(s.path("missing").has(f))
              .as(s.path("spec").path("id").asText() + "." + f + " is null without a reason")
              .isTrue();
        }
      }
    }
    assertThat(results.path("rulesVersion").asText()).isEqualTo("2");
    assertThat(results.path("verdicts").path("HD-01").path("provisional").asBoolean()).isTrue();
    JsonNode v = results.path("verdicts");
    assertThat(v.fieldNames())
        .toIterable()
        .containsExactly(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7", "HD-01.8",
            "HD-01");
    for (JsonNode verdict : v) {
      assertThat(verdict.path("verdict").asText()).isIn("supported", "refuted", "inconclusive");
      assertThat(verdict.path("evidence")).isNotEmpty();
    }
    assertThat(Files.exists(dir.resolve("steps.csv"))).isTrue();
    assertThat(Files.exists(dir.resolve("report.html"))).isTrue();
  }

  @Test
  void theReportFillsEveryTableOfTheCardWithNoSilentEmptyCell() {
    for (String table :
        List.of(
            "Results per run (card table 1)",
            "Summary across runs (card table 2)",
            "Hit-rate sweep, provider degraded (card table 3)",
            "Breaker policy × traffic",
            "Concurrent misses on one key, C vs C' (card table 5)",
            "Threats to validity",
            "Environment",
            "Sanity checks",
            "Invalidations",
            "Recovery second by second",
            "Intermediate result",
            "rules version 2")) {
      assertThat(report).contains(table);
    }
    for (String id : Set.of("HD-01.1", "HD-01.4", "HD-01.8")) {
      assertThat(report).contains("### " + id + " — ");
    }
    for (String line : report.split("\n")) {
      if (line.startsWith("|") && !line.startsWith("| ---")) {
        String[] cells = line.substring(1, line.length() - 1).split("(?<!\\\\)\\|", -1);
        for (String c : cells) {
          assertThat(c.isBlank()).as("empty cell in: " + line).isFalse();
        }
      }
    }
    assertThat(report).contains("not run in profile smoke");
  }

  /**
   * Arm A has no breaker (the card: it waits as long as the provider takes, up to the hard
   * timeout): with the provider unresponsive every quote fails with 504 after the 700 ms hard
   * timeout, so its p50 is at least 700 ms. With a breaker it answered fast 503s instead.
   */
  @Test
  void armAWithAnUnresponsiveProviderWaitsTheHardTimeoutEveryTime() throws Exception {
    List<RequestRecord> a =
        RequestLog.read(dir.resolve("steps/R1-walk-A-unresponsive/requests.csv"));
    assertThat(a).isNotEmpty().noneMatch(RequestRecord::ok);
    assertThat(a).allMatch(r -> r.status() == 504 && r.latencyMs() >= 690);
    assertThat(step("R1-walk-A-unresponsive").path("endToEnd").path("p50").asDouble())
        .isGreaterThanOrEqualTo(690);
  }

  /** C's known customers expire during the steps: misses are mostly known-but-expired (STALE). */
  @Test
  void armCAnswersStaleForExpiredKnownCustomersWhenTheProviderFails() {
    JsonNode c = step("R1-walk-C-unresponsive");
    assertThat(c.path("stalePct").asDouble()).isGreaterThan(0);
    assertThat(c.path("populationSize").asInt()).isGreaterThan(0);
  }

  @Test
  void armCWithAnUnresponsiveProviderStaysBelowTheThresholds() {
    JsonNode c = step("R1-walk-C-unresponsive");
    assertThat(c.path("errorPct").asDouble()).isZero();
    assertThat(c.path("endToEnd").path("p99").asDouble()).isLessThan(Acceptance.P99_MS);
    assertThat(c.path("endToEnd").path("p95").asDouble()).isLessThan(Acceptance.P95_MS);
  }

  @Test
  void reAnalysisRegeneratesTheSameVerdictsFromResultsAlone() throws Exception {
    String before = results.path("verdicts").toString();
    Files.delete(dir.resolve("report.md"));
    ReportCommand.reanalyze(dir);
    assertThat(Files.exists(dir.resolve("report.md"))).isTrue();
    assertThat(Http.JSON.readTree(dir.resolve("results.json").toFile()).path("verdicts").toString())
        .isEqualTo(before);
  }

  private static JsonNode step(String id) {
    for (JsonNode s : results.path("steps")) {
      if (s.path("spec").path("id").asText().equals(id)) {
        return s;
      }
    }
    throw new AssertionError("no step " + id);
  }
}
