package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.lab.LabPaths;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.report.DecisionCard;
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
    Samples.unzip(folder, dir);
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
   * The explore sample (2026-12-07 23:01 UTC, recorded at f785a3b under rules version 15, T = 600
   * s): B, C, C's variants (C@80ms and C@160ms healthy and slow, C+SD down only) and C' walked in
   * two runs, each design that falls back also through an outage at 90 and 98 % seeded hit rate in
   * the first, then the price probe; its 78 steps re-analyse to the committed steps, verdicts and
   * checks, and to the same price pairs, thresholds and paired effects. Each design's minimum
   * production hit rate is measured over four levels with its interval; its first screen opens with
   * the decision card, C recommended on that condition; in pairs, careful recovery holds fewer
   * calls in flight and asks fewer duplicates than C once the provider healed, at the price of more
   * fallback in the first minute, and C' asks fewer duplicates.
   */
  @Test
  void reAnalysingTheCommittedExploreSampleReproducesIt() throws Exception {
    JsonNode before = committedResults("docs/sample-report-explore");
    JsonNode after = reanalyse("docs/sample-report-explore");
    assertThat(after.path("profile").toString()).contains("explore");
    assertThat(after.path("rulesVersion").asText()).isEqualTo("15");
    assertThat(after.path("steps").size()).isEqualTo(78);
    assertThat(after.path("pricePairs").toString()).isEqualTo(before.path("pricePairs").toString());
    assertThat(after.path("thresholds").toString()).isEqualTo(before.path("thresholds").toString());
    assertThat(after.path("pairedEffects").toString())
        .isEqualTo(before.path("pairedEffects").toString());
    // h_min per design that falls back through every failing state, over four seeded levels
    java.util.Map<String, JsonNode> hMin = new java.util.TreeMap<>();
    for (JsonNode t : after.path("thresholds")) {
      hMin.put(t.path("arm").asText(), t.path("hMin"));
    }
    for (String design : java.util.List.of("C", "C'", "C+RA", "C+CR")) {
      JsonNode h = hMin.get(design);
      assertThat(h.path("levels").size()).as(design).isEqualTo(4);
      assertThat(h.path("pct").asDouble()).as(design).isBetween(91.5, 93.5);
      assertThat(h.path("low").asDouble()).as(design).isLessThan(h.path("pct").asDouble());
      assertThat(h.path("high").asDouble()).as(design).isGreaterThan(h.path("pct").asDouble());
    }
    // C+SD walked down only: one level, its h_min not measurable
    assertThat(hMin.get("C+SD").path("why").asText()).isEqualTo("TOO_FEW_LEVELS");
    java.util.Set<String> claims = new java.util.TreeSet<>();
    for (JsonNode e : after.path("pairedEffects")) {
      if (e.at("/effect/ci").isObject()) {
        claims.add(
            e.path("variant").asText()
                + " "
                + e.path("metric").asText()
                + " "
                + e.path("favours").asText());
      }
    }
    assertThat(claims)
        .contains(
            "C+CR POOL_IN_FLIGHT VARIANT",
            "C+CR DUPLICATES_HEALED VARIANT",
            "C+CR FALLBACK_FIRST_60S BASE",
            "C' DUPLICATES_HEALED VARIANT");
    String report = Files.readString(dir.resolve("report.md"));
    String answer = report.substring(report.indexOf("## Answer"), report.indexOf("## Contents"));
    assertThat(answer)
        .startsWith(
            "## Answer\n\n**Recommended: C.** It met p95 ≤ 225 ms, p99 ≤ 475 ms, errors ≤ 1 % in"
                + " every required state of both runs")
        .contains("if the production hit rate is h ≥ 92.5 % [91.9, 93.0]")
        .contains("| C (recommended) | qualifies |")
        .contains("recommended: arm C, the simplest design");
    assertThat(cardWords(report)).isLessThanOrEqualTo(80);
    JsonNode card = ResultsFolder.JSON.readTree(dir.resolve("summary.json").toFile());
    assertThat(card.path("recommended").asText()).isEqualTo("C");
    assertThat(card.path("runs").asInt()).isEqualTo(2);
    assertThat(design(card, "C+CR").path("standing").asText()).isEqualTo("QUALIFIES");
  }

  /** The words of the decision card, between the Answer's heading and the card's table. */
  static int cardWords(String report) {
    int from = report.indexOf("## Answer") + "## Answer".length();
    int to = report.indexOf("\n| Design |", from);
    assertThat(to).as("the card's table").isPositive();
    return report.substring(from, to).trim().split("\\s+").length;
  }

  /** The results.json committed in {@code folder}'s results.zip, as recorded. */
  private static JsonNode committedResults(String folder) throws Exception {
    return Samples.committedResults(folder);
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
   * The full sample (2026-12-07 19:47 UTC, recorded and judged under rules version 15 at 6cba49c:
   * 137 steps, T = 600 s, outage steps at two more seeded hit rates in every run, 12 low-traffic
   * trials per judged setting). Clause (b) is decided: C's fallback share through the hour's
   * outage, pooled over the runs, stays within the ceiling in every failing state, so HD-01 is
   * supported; C's minimum production hit rate is measured over nine levels with its interval, and
   * D* per state; C' is compared with C in pairs at recovery.
   */
  @Test
  void reAnalysingTheCommittedFullSampleReproducesItsVerdicts() throws Exception {
    JsonNode before = committedResults("docs/sample-report-full");
    JsonNode after = reanalyse("docs/sample-report-full");
    assertThat(after.path("rulesVersion").asText()).isEqualTo("15");
    assertThat(after.path("steps").size()).isEqualTo(137);
    assertThat(after.path("thresholds").toString()).isEqualTo(before.path("thresholds").toString());
    assertThat(after.path("pairedEffects").toString())
        .isEqualTo(before.path("pairedEffects").toString());
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
      assertThat(kinds).as(run).contains("WALK", "OUTAGE", "POLICY", "STAMPEDE");
    }
    JsonNode v = after.path("verdicts");
    JsonNode hd01 = v.path("HD-01");
    assertThat(hd01.path("verdict").asText()).isEqualTo("supported");
    assertThat(hd01.path("clauses").toString())
        .contains(
            "{\"clause\":\"clause (b) fallback above the ceiling\",\"outcome\":\"holds\","
                + "\"flipsAt\":\"outage-s 9329–11966\"}");
    // the minimum production hit rate, from nine unresponsive steps (three levels in each run)
    JsonNode c = after.path("thresholds").get(0);
    assertThat(c.path("arm").asText()).isEqualTo("C");
    assertThat(c.at("/hMin/levels").size()).isEqualTo(9);
    assertThat(c.at("/hMin/pct").asDouble()).isBetween(92.0, 92.7);
    assertThat(c.at("/hMin/low").asDouble()).isLessThan(c.at("/hMin/pct").asDouble());
    assertThat(c.at("/hMin/high").asDouble()).isGreaterThan(c.at("/hMin/pct").asDouble());
    assertThat(c.path("dStar").size()).isEqualTo(3);
    // C' against C at recovery, in pairs: fewer duplicate calls once the provider healed, by an
    // interval that excludes 0
    boolean duplicates = false;
    for (JsonNode e : after.path("pairedEffects")) {
      if (e.path("variant").asText().equals("C'")
          && e.path("metric").asText().equals("DUPLICATES_HEALED")) {
        duplicates = true;
        assertThat(e.at("/effect/ci/high").asDouble()).isNegative();
        assertThat(e.path("favours").asText()).isEqualTo("VARIANT");
      }
    }
    assertThat(duplicates).isTrue();
    assertThat(v.path("HD-01.8").path("verdict").asText()).isEqualTo("supported");
    assertThat(v.path("HD-01.6").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.6").path("basis").asText())
        .isEqualTo("3 runs of 3; judged settings: 12 trials each of ≥ 12");
    assertThat(v.path("HD-01.5").path("evidence").toString())
        .contains("3 trials pooled, 28 sacrificed of 17995 requests in W (0.16 % [0.10, 0.22])");
    String report = Files.readString(dir.resolve("report.md"));
    assertThat(report.substring(report.indexOf("## Answer"), report.indexOf("## Contents")))
        .contains("**HD-01 is supported; recommended: arm C")
        .contains("if the production hit rate is h ≥ 92.3 % [92.0, 92.6]");
    assertThat(cardWords(report)).isLessThanOrEqualTo(80);
    // the decision card, as data
    JsonNode card = ResultsFolder.JSON.readTree(dir.resolve("summary.json").toFile());
    assertThat(card.path("schema").asText()).isEqualTo(DecisionCard.SCHEMA);
    assertThat(card.path("hd01").asText()).isEqualTo("supported");
    assertThat(card.path("provisional").asBoolean()).isFalse();
    assertThat(card.path("runs").asInt()).isEqualTo(3);
    assertThat(card.path("recommended").asText()).isEqualTo("C");
    assertThat(card.at("/verdicts/HD-01.6").asText()).isEqualTo("inconclusive");
    JsonNode cCard = design(card, "C");
    assertThat(cCard.path("standing").asText()).isEqualTo("QUALIFIES");
    assertThat(cCard.path("latency").asText()).isEqualTo("MET");
    assertThat(cCard.path("worstP95Ms").asDouble()).isBetween(1.0, 225.0);
    assertThat(cCard.at("/minimumHitRate/pct").asDouble()).isBetween(92.0, 92.7);
    assertThat(cCard.at("/minimumHitRate/levels").asInt()).isEqualTo(9);
    assertThat(cCard.path("priceErrorMedianAbsPct").isNumber()).isTrue();
    JsonNode aCard = design(card, "A");
    assertThat(aCard.path("standing").asText()).isEqualTo("MISSES");
    assertThat(aCard.path("worstP99Ms").asDouble()).isGreaterThan(475.0);
    assertThat(aCard.path("minimumHitRate").isNull()).isTrue();
    assertThat(aCard.at("/missing/minimumHitRate").asText()).contains("never falls back");
  }

  private static JsonNode design(JsonNode card, String label) {
    for (JsonNode d : card.path("designs")) {
      if (d.path("design").asText().equals(label)) {
        return d;
      }
    }
    throw new AssertionError("no design " + label + " on the card");
  }

  /**
   * The quick sample (2026-12-07 19:35 UTC, recorded and judged under rules version 15: 38 steps,
   * the protocol's count policy alone at low traffic, then the price probe). Its first screen
   * recommends C, provisionally, with the condition it could not measure named, and says what
   * quick's sample sizes cannot show; every hypothesis is an implementation check at quick's sizes
   * but HD-01, whose clause (b) is undecided; the price probe paired every DEFAULT answer.
   */
  @Test
  void reAnalysingTheCommittedQuickSampleReproducesItsVerdicts() throws Exception {
    JsonNode before = committedResults("docs/sample-report");
    JsonNode after = reanalyse("docs/sample-report");
    assertThat(after.path("rulesVersion").asText()).isEqualTo("15");
    assertThat(after.path("steps").size()).isEqualTo(38);
    assertThat(after.path("thresholds").toString()).isEqualTo(before.path("thresholds").toString());
    assertThat(after.path("pairedEffects").toString())
        .isEqualTo(before.path("pairedEffects").toString());
    JsonNode v = after.path("verdicts");
    assertThat(v.path("HD-01.1").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.1").path("evidence").toString())
        .contains("too close to call: A R1 healthy p95");
    for (String id :
        java.util.List.of(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7",
            "HD-01.8")) {
      assertThat(v.path(id).path("byConstruction").asBoolean()).as(id).isTrue();
    }
    assertThat(v.path("HD-01").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01").path("clauses").toString())
        .contains(
            "{\"clause\":\"clause (b) fallback above the ceiling\",\"outcome\":\"undecided\"");
    // one unresponsive level only: C's minimum hit rate is not measured, and says why; D* is, per
    // failing state, with its interval
    JsonNode c = after.path("thresholds").get(0);
    assertThat(c.path("arm").asText()).isEqualTo("C");
    assertThat(c.at("/hMin/why").asText()).isEqualTo("TOO_FEW_LEVELS");
    assertThat(c.at("/hMin/pct").isNull()).isTrue();
    for (JsonNode d : c.path("dStar")) {
      assertThat(d.path("sec").isNumber()).as(d.path("state").asText()).isTrue();
      assertThat(d.path("low").asDouble()).isLessThanOrEqualTo(d.path("sec").asDouble());
      assertThat(d.path("high").asDouble()).isGreaterThanOrEqualTo(d.path("sec").asDouble());
    }
    java.util.Set<String> ids = new java.util.TreeSet<>();
    after.path("steps").forEach(st -> ids.add(st.at("/spec/id").asText()));
    assertThat(ids)
        .contains("R1-walk-CCR-down", "R1-walk-CCR-recovery", "policy-count-r10")
        .doesNotContain("policy-count-n2-r10");
    String report = Files.readString(dir.resolve("report.md"));
    assertThat(report.substring(report.indexOf("## Answer"), report.indexOf("## Contents")))
        .contains("(provisional: 1 run; the card requires 3); recommended: arm C")
        .contains("above a minimum production hit rate this run could not measure")
        .contains("**What this profile's sample sizes cannot show:**");
    assertThat(cardWords(report)).isLessThanOrEqualTo(80);
    // the price probe priced every one of the 85 customers it was for: every DEFAULT answer of
    // every window is paired with the same customer's own premium, per line and per segment
    JsonNode pairs = after.path("pricePairs");
    assertThat(pairs.toString()).isEqualTo(before.path("pricePairs").toString());
    assertThat(pairs.path("probe").path("unpaired").asInt()).isEqualTo(85);
    assertThat(pairs.path("probe").path("priced").asInt()).isEqualTo(85);
    long defaults = 0;
    long paired = 0;
    for (JsonNode step : pairs.path("steps")) {
      for (JsonNode line : step) {
        defaults += line.path("defaultAnswers").asLong();
        paired += line.path("pairedAnswers").asLong();
      }
    }
    assertThat(paired).isEqualTo(defaults).isEqualTo(204);
    assertThat(pairs.path("segments").path("R1-walk-C-degraded").size()).isPositive();
  }

  /**
   * The full sample measured the healthy tail read as p95 in its first run (three steps; the
   * recovery read as healthy is not measured), and one verdict flips: HD-01.1, A's healthy p95
   * missing 225 ms under that reading.
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
    assertThat(underReadings).isEqualTo(3);
    JsonNode flips = after.path("sensitivity").path("flips");
    assertThat(flips.toString())
        .contains(
            "HD-01.1 flips with the tail read as p95: supported as judged, refuted re-judged");
    assertThat(flips.size()).isEqualTo(1);
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
   * The full sample's recordings re-judged with other actuarial inputs: clause (b) holds at the
   * declared hour, refutes against a 5 % ceiling and is too close to call at 6 %; the minimum
   * production hit rate moves with the outage the way the aging model says (a longer outage needs a
   * higher one).
   */
  @Test
  void clauseBOnTheFullSampleGoesEveryWayWithTheInputs() throws Exception {
    reanalyse("docs/sample-report-full");
    ExperimentRecord rec = ResultsFolder.load(dir);
    assertThat(clauseB(rec)).isEqualTo("holds");
    // a ceiling of 5 % lies below the pooled share; at 6 % inside its interval
    assertThat(clauseB(rec, "fallback-ceiling-pct=5")).isEqualTo("refutes");
    assertThat(clauseB(rec, "fallback-ceiling-pct=6")).isEqualTo("undecided");
    // a day's outage maps to 600 lab seconds, longer than any failing step measured
    assertThat(clauseB(rec, "outage-s=86400")).isEqualTo("undecided");
    double quarter = hMin(rec, "outage-s=900");
    double half = hMin(rec, "outage-s=1800");
    double hour = hMin(rec, "outage-s=3600");
    assertThat(quarter).isLessThan(half);
    assertThat(half).isLessThan(hour);
  }

  /** C's minimum production hit rate judged with the inputs {@code assume}. */
  private static double hMin(ExperimentRecord rec, String... assume) {
    return Analysis.of(
            rec.steps(),
            rec.contracts(),
            ExperimentProfile.asRecorded(rec.profile(), rec.environment()),
            rec.environment(),
            Actuarial.DECLARED.with(java.util.List.of(assume)))
        .thresholds()
        .stream()
        .filter(t -> t.arm().equals("C"))
        .findFirst()
        .orElseThrow()
        .hMin()
        .pct();
  }

  private static Verdict verdict(ExperimentRecord rec, String... assume) {
    return Analysis.of(
            rec.steps(),
            rec.contracts(),
            ExperimentProfile.asRecorded(rec.profile(), rec.environment()),
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
