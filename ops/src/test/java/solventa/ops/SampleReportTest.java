package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.lab.LabPaths;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.ResultsFolder;

/**
 * The committed samples ({@code docs/sample-report/}, {@code docs/sample-report-full/}): {@code
 * bin/lab report} on their results re-analyses every step from its raw recording and reproduces
 * their steps and verdicts exactly. A change of the analysis or of the rules that moves them fails
 * here until the samples are re-analysed and committed with it. The quick run (2026-12-06 10:00
 * UTC) was recorded and judged under rules version 13; the recordings are the runs' own.
 */
class SampleReportTest {
  @TempDir Path dir;

  /**
   * Unzips the committed sample {@code folder} into the temporary folder, re-analyses it and checks
   * that every step, verdict and sanity check comes out as committed; returns the results.
   */
  private JsonNode reanalyse(String folder) throws Exception {
    Path zip = LabPaths.root().resolve(folder + "/results.zip");
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        Path to = dir.resolve(e.getName()).normalize();
        assertThat(to.startsWith(dir)).as("%s stays in the folder", e.getName()).isTrue();
        Files.createDirectories(to.getParent());
        Files.copy(z, to);
      }
    }
    JsonNode before = ResultsFolder.JSON.readTree(dir.resolve("results.json").toFile());
    ReportCommand.Reanalysis re = ReportCommand.reanalyze(dir);
    assertThat(re.fromRecordings()).isEqualTo(re.steps()).isEqualTo(before.path("steps").size());
    JsonNode after = ResultsFolder.JSON.readTree(dir.resolve("results.json").toFile());
    assertThat(after.path("rulesVersion")).isEqualTo(before.path("rulesVersion"));
    assertThat(after.path("steps").toString()).isEqualTo(before.path("steps").toString());
    assertThat(after.path("verdicts").toString()).isEqualTo(before.path("verdicts").toString());
    assertThat(after.path("sanity").toString()).isEqualTo(before.path("sanity").toString());
    return after;
  }

  /**
   * The explore sample (recorded under rules version 15): B, C, C's variants (C+SD down only) and
   * C' walked in two runs, each design that falls back also through outages at two other seeded hit
   * rates in the first run, then the price probe; its recordings re-analyse to the committed steps,
   * verdicts and checks, and to the same price pairs, thresholds and paired effects. Its first
   * screen names a recommended design with its conditions; the thresholds give each design's
   * minimum production hit rate with its interval, and careful recovery and refresh-ahead are
   * compared with C in pairs.
   */
  @Test
  void reAnalysingTheCommittedExploreSampleReproducesIt() throws Exception {
    JsonNode before = committedResults("docs/sample-report-explore");
    JsonNode after = reanalyse("docs/sample-report-explore");
    assertThat(after.path("profile").toString()).contains("explore");
    assertThat(after.path("rulesVersion").asText()).isEqualTo("15");
    assertThat(after.path("pricePairs").toString()).isEqualTo(before.path("pricePairs").toString());
    assertThat(after.path("thresholds").toString()).isEqualTo(before.path("thresholds").toString());
    assertThat(after.path("pairedEffects").toString())
        .isEqualTo(before.path("pairedEffects").toString());
    java.util.List<String> designs = new java.util.ArrayList<>();
    for (JsonNode t : after.path("thresholds")) {
      designs.add(t.path("arm").asText());
      assertThat(t.at("/hMin/pct").isNumber()).as(t.path("arm").asText()).isTrue();
      assertThat(t.at("/hMin/low").isNumber()).as(t.path("arm").asText()).isTrue();
      assertThat(t.at("/hMin/high").isNumber()).as(t.path("arm").asText()).isTrue();
    }
    assertThat(designs).contains("C", "C'", "C+RA", "C+CR");
    java.util.Set<String> claims = new java.util.TreeSet<>();
    for (JsonNode e : after.path("pairedEffects")) {
      if (e.at("/effect/ci").isObject()) {
        claims.add(e.path("variant").asText() + " " + e.path("metric").asText());
      }
    }
    assertThat(claims)
        .contains(
            "C+CR POOL_IN_FLIGHT",
            "C+CR FALLBACK_FIRST_60S",
            "C+RA FRESH_AT_START",
            "C' DUPLICATES_HEALED");
    String report = Files.readString(dir.resolve("report.md"));
    assertThat(report.substring(report.indexOf("## Answer"), report.indexOf("## Contents")))
        .contains("recommended: arm ")
        .contains("if the production hit rate is h ≥ ");
  }

  /** The results.json committed in {@code folder}'s results.zip, as recorded. */
  private static JsonNode committedResults(String folder) throws Exception {
    Path zip = LabPaths.root().resolve(folder + "/results.zip");
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        if (e.getName().equals("results.json")) {
          return ResultsFolder.JSON.readTree(z.readAllBytes());
        }
      }
    }
    throw new AssertionError("no results.json in " + zip);
  }

  /**
   * The break-point sample (2026-12-06 23:29 UTC, recorded at 9704ec8 under rules version 14, its
   * HD-01 re-judged with no clause holding without a walk): one run of the card's open questions
   * (b) and (c) over the arrival rate, bisected adaptively; its 20 steps re-analyse from their
   * recordings, and its report answers (b) with each policy's tested rates and (c) with the pool's
   * room at 200 req/s.
   */
  @Test
  void reAnalysingTheCommittedBreakpointsSampleReproducesItAndAnswersBAndC() throws Exception {
    JsonNode after = reanalyse("docs/sample-report-breakpoints");
    assertThat(after.path("profile").toString()).contains("breakpoints");
    assertThat(after.path("steps").size()).isEqualTo(20);
    String report =
        Files.readString(LabPaths.root().resolve("docs/sample-report-breakpoints/report.md"));
    assertThat(report)
        .contains("**count N=5**")
        .contains(
            "| 33 | bp-count-r33, bp-count-r33-t2, bp-count-r33-t3 | 17 of 2970 sent in W, 0.57 %"
                + " [0.33, 0.91] | yes (keeps below 1 %) |")
        .contains("| 200 | bp-pool-r200 | 12 of 32 in flight, 0 rejected | no (room left) |");
    // the answer is what the run measured, each bracket beside the settings' prediction (the
    // cache aging over T: 22 req/s, inside both brackets); it walked no arm, so no clause of HD-01
    // holds by default
    assertThat(Files.readString(dir.resolve("report.md")))
        .contains(
            "this run walked no arm through the provider's states (profile breakpoints), so"
                + " neither HD-01 nor the Recommendation has a step to judge")
        .contains(
            "count N=5: no bracket within the resolution: the added steps ran out, the break point"
                + " in (10, 33] req/s (predicted 22 req/s)")
        .contains("the break point lies in (10, 57] req/s (predicted 22 req/s)")
        .contains("HD-01's clause (b) undecided");
    after
        .at("/verdicts/HD-01/clauses")
        .forEach(c -> assertThat(c.path("outcome").asText()).isEqualTo("undecided"));
  }

  /**
   * The full sample (2026-12-06 08:29 UTC, recorded at cf9d1be under rules version 12 with every
   * step repeated where one trial decided, re-judged under version 13): in every run a half-open
   * probe closed C's and C''s breaker while the provider was still degraded and the backlog of
   * expired customers filled the pool (a finding, not a stampede); once the provider was healthy
   * C's duplicate calls (48–64) never filled it, so clause (c) holds and HD-01.8 is supported;
   * clause (b) is too close to call at the declared inputs (an hour's outage inside every step's
   * flip), so HD-01 is inconclusive; the low-traffic settings, five trials each, are too close to
   * call pooled; the policy, stampede and sweep steps ran in every run.
   */
  @Test
  void reAnalysingTheCommittedFullSampleReproducesItsVerdicts() throws Exception {
    JsonNode after = reanalyse("docs/sample-report-full");
    assertThat(after.path("rulesVersion").asText()).isEqualTo("14");
    assertThat(after.path("actuarial").toString())
        .isEqualTo(
            "{\"source-refresh-s\":86400.0,\"outage-s\":3600.0,\"fallback-ceiling-pct\":10.0,"
                + "\"max-stale-age-s\":172800.0}");
    for (String run : java.util.List.of("R1", "R2", "R3")) {
      java.util.Set<String> kinds = new java.util.TreeSet<>();
      for (JsonNode st : after.path("steps")) {
        if (st.at("/spec/run").asText().equals(run)) {
          kinds.add(st.at("/spec/kind").asText());
        }
      }
      assertThat(kinds).as(run).contains("WALK", "SWEEP", "POLICY", "STAMPEDE");
    }
    JsonNode v = after.path("verdicts");
    assertThat(v.path("HD-01.8").path("verdict").asText()).isEqualTo("supported");
    assertThat(v.path("HD-01.8").path("evidence").toString())
        .contains(
            "C R1 recovery: peak fallback 69.0 % before the breaker closed, breaker closed after"
                + " 6594 ms, fallback < 5 % after 36000 ms [35000, 36000] (step 75 s) → recovered"
                + " within 60 s",
            "recovery backlog (a finding, not a stampede): C' R2 recovery: the pool was full (32"
                + " of 32 in flight) in second 7, while the provider was still degraded; cause: a"
                + " half-open probe that answered in time closed the breaker 6645 ms after the"
                + " change",
            "C R1 recovery, from 30 s after the change (the provider healthy again, 46 s): 52"
                + " duplicate call(s), at most 17 in flight of pool 32 (the step's peak 32, 0"
                + " rejected in the step)");
    // B's p99 at 99 % has an interval reaching the hard timeout in every run: too close to call
    assertThat(v.path("HD-01.4").path("evidence").toString())
        .contains(
            "B p99 75 ms [63, 702] (measured 99.02 %) → B already meets: too close to call",
            "B's minimum hit rate: between 98.0 % (fails) and 99.5 % (holds), after 2 bisection"
                + " steps");
    // five trials pooled per judged setting: 13 of 1 500 is 0.87 % [0.46, 1.48], too close
    assertThat(v.path("HD-01.6").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.6").path("evidence").toString())
        .contains(
            "count N=2 at 10 req/s, provider turned unresponsive: 5 trials pooled, 13 sacrificed of"
                + " 1500 requests in W (0.87 % [0.46, 1.48])");
    assertThat(v.path("HD-01.6").path("basis").asText())
        .isEqualTo("3 runs of 3; judged settings: 5 trials each of ≥ 5");
    assertThat(v.path("HD-01.5").path("evidence").toString())
        .contains("3 trials pooled, 40 sacrificed of 17994 requests in W (0.22 % [0.16, 0.30])");
    JsonNode hd01 = v.path("HD-01");
    // at the declared inputs an hour's outage lies inside every step's flip: too close to call
    assertThat(hd01.path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(hd01.path("clauses").toString())
        .contains(
            "{\"clause\":\"clause (b) fallback above the ceiling\",\"outcome\":\"undecided\","
                + "\"flipsAt\":\"outage-s 0–5555 s\"}",
            "{\"clause\":\"clause (c) a stampede at recovery saturates the adapter's pool\","
                + "\"outcome\":\"holds\"}");
  }

  @Test
  void reAnalysingTheCommittedQuickSampleReproducesItsVerdicts() throws Exception {
    JsonNode after = reanalyse("docs/sample-report");
    // recorded under rules version 14 (2026-12-07 04:05 UTC, quick, at 2f3f697, with C+CR beside
    // C, each customer quoting on their own insured object, then the price probe): A's healthy
    // p95, 218 ms [207, 228], is too close to call; HD-01.6 is judged over the low-traffic grid;
    // once the provider was healthy again C's adapter was asked 13 duplicate calls, fewer than the
    // control's 20, and C' none, so HD-01.8 is inconclusive; HD-01.2, .3, .4 and .7 are
    // implementation checks; clause (b) is too close to call: one lab second stands for 4 320 s of
    // a daily source, longer than the hour's outage
    assertThat(after.path("rulesVersion").asText()).isEqualTo("14");
    JsonNode v = after.path("verdicts");
    assertThat(v.path("HD-01.1").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.1").path("evidence").toString())
        .contains("too close to call: A R1 healthy p95");
    // rules version 11: the sacrificed share is compared with 1 % by its interval; at 10 req/s a
    // step holds 300 requests, and count N=2's 7 and rate ≥ 2 calls' 4 are both too close to call
    assertThat(v.path("HD-01.6").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.6").path("evidence").toString())
        .contains(
            "→ too close to call: count N=2 at 10 req/s pooled sacrificed 2.33 % [0.94, 4.75]"
                + " against 1 %",
            "no rate setting kept the share below 1 %, and a rate setting was too close to call",
            "open question (b), settings that keep");
    assertThat(v.path("HD-01.5").path("verdict").asText()).isEqualTo("supported");
    assertThat(v.path("HD-01.8").path("evidence").toString())
        .contains(
            "C R1 recovery, from 5 s after the change (the provider healthy again, 16 s): 13"
                + " duplicate call(s)",
            "fewer than 20 duplicate calls: the control is not met",
            "C' R1 recovery, from 5 s after the change (the provider healthy again, 16 s): 0"
                + " duplicate call(s)");
    assertThat(v.path("HD-01.8").path("verdict").asText()).isEqualTo("inconclusive");
    for (String id : java.util.List.of("HD-01.2", "HD-01.3", "HD-01.4", "HD-01.7")) {
      assertThat(v.path(id).path("byConstruction").asBoolean()).as(id).isTrue();
    }
    assertThat(v.path("HD-01.8").path("byConstruction").isBoolean()).isTrue();
    assertThat(v.path("HD-01.8").path("byConstruction").asBoolean()).isFalse();
    assertThat(v.path("HD-01").path("evidence").toString())
        .contains(
            "clause (b) cannot be decided: too close to call: C degraded R1 the outage of 3600 s"
                + " lies inside the flip at 0–17280 s (h 94.60 % [93.01, 95.92] (its healthy step)");
    // careful recovery walked beside C, through an outage and its recovery
    java.util.Set<String> ids = new java.util.TreeSet<>();
    after.path("steps").forEach(st -> ids.add(st.at("/spec/id").asText()));
    assertThat(ids).contains("R1-walk-CCR-down", "R1-walk-CCR-recovery");
    // the price probe priced every one of the 81 customers it was for: every DEFAULT answer of
    // every window is paired with the same customer's own premium, per line and per segment
    JsonNode before = committedResults("docs/sample-report");
    JsonNode pairs = after.path("pricePairs");
    assertThat(pairs.toString()).isEqualTo(before.path("pricePairs").toString());
    assertThat(pairs.path("probe").path("unpaired").asInt()).isEqualTo(81);
    assertThat(pairs.path("probe").path("priced").asInt()).isEqualTo(81);
    long defaults = 0;
    long paired = 0;
    for (JsonNode step : pairs.path("steps")) {
      for (JsonNode line : step) {
        defaults += line.path("defaultAnswers").asLong();
        paired += line.path("pairedAnswers").asLong();
      }
    }
    assertThat(paired).isEqualTo(defaults).isEqualTo(190);
    assertThat(pairs.path("segments").path("R1-walk-C-degraded").size()).isPositive();
  }

  /**
   * The full sample measured its seven steps under the card's other readings in its first run, and
   * two verdicts flip: HD-01.1 with the healthy tail read as the p95 (A's healthy p95 passes 225
   * ms), and HD-01 with the recovery read as healthy (with no degraded window, the backlog that
   * fills the pool at recovery falls after the provider is healthy again, where it is a stampede).
   */
  @Test
  void theFullSampleMeasuredTheCardsOtherReadingsAndNamesEachFlip() throws Exception {
    JsonNode after = reanalyse("docs/sample-report-full");
    long underReadings = 0;
    for (JsonNode step : after.path("steps")) {
      if (step.path("spec").has("reading")) {
        underReadings++;
      }
    }
    assertThat(underReadings).isEqualTo(7);
    JsonNode flips = after.path("sensitivity").path("flips");
    assertThat(flips.toString())
        .contains(
            "HD-01.1 flips with the tail read as p95: supported as judged, refuted re-judged",
            "HD-01 flips with the recovery read as healthy: inconclusive as judged, refuted"
                + " re-judged");
    assertThat(flips.size()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("report.md")))
        .contains(
            "**Sensitivity to the card's readings:** HD-01.1 flips with the tail read as p95");
  }

  /**
   * The quick sample measures no step under the card's other readings (full only): it still
   * re-judges and renders the sensitivity table, every verdict either unchanged by construction or
   * not measured, with the reason; no verdict flips.
   */
  @Test
  void theQuickSampleRendersTheSensitivityTableAsMeasuredInFullOnly() throws Exception {
    sensitivityWithoutStepsUnderOtherReadings("docs/sample-report", "measured in full only");
  }

  private void sensitivityWithoutStepsUnderOtherReadings(String folder, String reason)
      throws Exception {
    JsonNode after = reanalyse(folder);
    for (JsonNode step : after.path("steps")) {
      assertThat(step.path("spec").has("reading")).as(folder).isFalse();
    }
    JsonNode rows = after.path("sensitivity").path("rows");
    assertThat(rows.size()).as(folder).isEqualTo(9);
    assertThat(after.path("sensitivity").path("flips").size()).isZero();
    JsonNode hd11 = rows.get(0);
    assertThat(hd11.path("id").asText()).isEqualTo("HD-01.1");
    assertThat(hd11.at("/cells/tail-p95/outcome").asText()).isEqualTo("not measured");
    assertThat(hd11.at("/cells/tail-p95/reason").asText()).isEqualTo(reason);
    assertThat(hd11.at("/cells/recovery-healthy/outcome").asText())
        .isEqualTo("unchanged by construction");
    String md = Files.readString(dir.resolve("report.md"));
    assertThat(md)
        .contains("## Sensitivity to the card's readings")
        .contains(
            "| HD-01.8 | "
                + after.at("/verdicts/HD-01.8/verdict").asText()
                + " | not measured: "
                + reason
                + " | not measured: "
                + reason
                + " |")
        .contains("**Sensitivity to the card's readings:** not measured: " + reason + ".");
  }

  /**
   * The full sample's recordings re-judged with other actuarial inputs: clause (b) holds, refutes,
   * is too close to call and cannot be decided, each for a reason the inputs give.
   */
  @Test
  void clauseBOnTheFullSampleGoesEveryWayWithTheInputs() throws Exception {
    reanalyse("docs/sample-report-full");
    ExperimentRecord rec = ResultsFolder.load(dir);
    // a ceiling of 20 %: the flips start at 1 440 s, so 20 minutes hold
    assertThat(clauseB(rec, "fallback-ceiling-pct=20", "outage-s=1200")).isEqualTo("holds");
    assertThat(verdict(rec, "fallback-ceiling-pct=20", "outage-s=1200").clauses().get(1).flipsAt())
        .isEqualTo("outage-s 1440–14701 s");
    // a day's outage outlasts every flip
    assertThat(clauseB(rec, "outage-s=86400")).isEqualTo("refutes");
    // the declared hour lies inside the flips
    assertThat(clauseB(rec)).isEqualTo("undecided");
    // a ceiling of 80 %: the curve never lies wholly above it within the steps
    assertThat(clauseB(rec, "fallback-ceiling-pct=80")).isEqualTo("undecided");
    assertThat(
            solventa.ops.report.EvidenceWords.lines(
                verdict(rec, "fallback-ceiling-pct=80"), rec.steps()))
        .anyMatch(l -> l.contains("never lay wholly above 80 %"));
    // an hourly source: the same hour's outage refutes (the flip scales with T_source)
    assertThat(clauseB(rec, "source-refresh-s=3600", "max-stale-age-s=7200")).isEqualTo("refutes");
  }

  private static Verdict verdict(ExperimentRecord rec, String... assume) {
    return Analysis.of(
            rec.steps(),
            rec.contracts(),
            ExperimentProfile.named(rec.profile()),
            rec.environment(),
            Actuarial.DECLARED.with(java.util.List.of(assume)))
        .verdicts()
        .get("HD-01");
  }

  private static String clauseB(ExperimentRecord rec, String... assume) {
    return verdict(rec, assume).clauses().stream()
        .filter(c -> c.clause().startsWith("clause (b)"))
        .findFirst()
        .orElseThrow()
        .outcome();
  }
}
