package solventa.ops.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import solventa.ops.analysis.figures.PairedPriceError;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Clause;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.ResultsFolder;
import solventa.vocabulary.ProviderState;

/**
 * The decision on one card, as data ({@code summary.json}, docs/summary-json.md): HD-01's verdict,
 * the design recommended, and per design its standing, its worst p95, p99 and error share over the
 * states the Recommendation requires, its fallback share through the declared outage, its data age,
 * the price error of its DEFAULT quotes and the condition it rests on (its minimum production hit
 * rate with its interval). Small and stable, for CI and dashboards; every figure is the analysis's
 * own, and a figure that is missing is null with its reason in {@code missing}.
 *
 * @param schema the card's format, {@value #SCHEMA}: a field is only ever added to it
 * @param profile the profile that ran
 * @param commit the commit it ran at, as the environment recorded it
 * @param rulesVersion the verdict rules it was judged under
 * @param runs the runs walked
 * @param hd01 HD-01's verdict (supported, refuted or inconclusive), null when not judged
 * @param provisional whether HD-01's verdict is provisional (fewer runs than the card requires)
 * @param verdicts every hypothesis's verdict, by id
 * @param recommended the design recommended, null when none qualifies
 * @param answer the report's one-sentence answer
 * @param judgedWith the actuarial inputs the fallback share was judged with
 * @param designs every design the Recommendation judged, simplest first
 */
public record DecisionCard(
    String schema,
    String profile,
    String commit,
    String rulesVersion,
    int runs,
    String hd01,
    boolean provisional,
    Map<String, String> verdicts,
    String recommended,
    String answer,
    Actuarial judgedWith,
    List<Design> designs) {

  public static final String SCHEMA = "ha01-decision-card/1";

  /**
   * One design on the card.
   *
   * @param design its label (A, B, C, C', C+CR, …)
   * @param standing QUALIFIES, RECOVERY_FAILS, MISSES or NOT_ESTABLISHED
   * @param latency whether it meets p95/p99/errors in every required state of every run: MET,
   *     MISSED or UNDECIDED
   * @param recovery whether its recovery is without stampede or backlog, back under 5 % within 60
   *     s: MET, MISSED or UNDECIDED
   * @param worstP95Ms the highest p95 of its required walk steps, ms
   * @param worstP99Ms the highest p99 of those steps, ms
   * @param worstErrorPct the highest error share of those steps, %
   * @param fallbackThroughOutagePct the highest fallback share through the declared outage, one
   *     failing step's, %
   * @param dataAgeP95Ms the highest p95 of the age of the data its failing steps priced with, ms
   * @param priceErrorMedianAbsPct the highest median |error| of DEFAULT quotes against the same
   *     customer's own premium, over its failing walk steps and lines, %
   * @param minimumHitRate the condition: the production hit rate its fallback share through the
   *     declared outage needs, with its 95 % interval; null for a design that never falls back
   * @param evidence what decided its standing, in the report's words (at most two facts)
   * @param missing each null figure's reason, by field name
   */
  public record Design(
      String design,
      String standing,
      String latency,
      String recovery,
      Double worstP95Ms,
      Double worstP99Ms,
      Double worstErrorPct,
      Double fallbackThroughOutagePct,
      Double dataAgeP95Ms,
      Double priceErrorMedianAbsPct,
      Condition minimumHitRate,
      List<String> evidence,
      Map<String, String> missing) {}

  /**
   * A minimum production hit rate.
   *
   * @param pct h_min, % (null when not measured)
   * @param low its 95 % interval's lower end (null when open or not measured)
   * @param high its upper end
   * @param extrapolated whether it lies outside the seeded levels measured
   * @param levels the seeded levels it was read over
   * @param notMeasured why it was not measured (TOO_FEW_LEVELS, NO_STEP, FLAT), null when it was
   */
  public record Condition(
      Double pct, Double low, Double high, boolean extrapolated, int levels, String notMeasured) {}

  /** The card of an analysed record. */
  public static DecisionCard of(ExperimentRecord e) {
    StepResults r = new StepResults(e.steps());
    ExperimentProfile profile = ExperimentProfile.asRecorded(e.profile(), e.environment());
    Recommendation rec =
        Recommendation.of(
            r, profile.refreshAfterSec(), profile.recoveryWindowSec(), e.judgedWith());
    Map<String, String> verdicts = new LinkedHashMap<>();
    if (e.verdicts() != null) {
      e.verdicts().forEach((id, v) -> verdicts.put(id, word(v)));
    }
    Verdict hd01 = e.verdicts() == null ? null : e.verdicts().get("HD-01");
    List<Design> designs = new ArrayList<>();
    for (Candidate c : rec.candidates()) {
      designs.add(design(e, r, c));
    }
    return new DecisionCard(
        SCHEMA,
        e.profile(),
        e.environment() == null ? null : e.environment().get("commit"),
        e.rulesVersion(),
        r.runs().size(),
        hd01 == null ? null : word(hd01),
        hd01 != null && Boolean.TRUE.equals(hd01.provisional()),
        verdicts,
        rec.recommended().map(a -> a.label()).orElse(null),
        Summary.of(e).answer(),
        e.judgedWith(),
        List.copyOf(designs));
  }

  /** The card's sentences as plain text, for the console's last line. */
  public static String sentences(ExperimentRecord e) {
    DecisionSection section = new DecisionSection(e);
    return section.words(of(e)).replace("**", "");
  }

  /** Writes {@code summary.json} into {@code dir}. */
  public static Path write(ExperimentRecord e, Path dir) throws IOException {
    Path file = dir.resolve("summary.json");
    ResultsFolder.JSON.writeValue(file.toFile(), of(e));
    return file;
  }

  private static String word(Verdict v) {
    return v.verdict() == null ? null : v.verdict().toLowerCase(java.util.Locale.ROOT);
  }

  private static Design design(ExperimentRecord e, StepResults r, Candidate c) {
    Map<String, String> missing = new LinkedHashMap<>();
    List<StepResult> required = new ArrayList<>();
    List<StepResult> failing = new ArrayList<>();
    for (String run : r.runs()) {
      for (ProviderState st : Recommendation.REQUIRED_STATES) {
        r.walk(run, c.arm(), st).ifPresent(required::add);
      }
      for (ProviderState st : Recommendation.FAILURE_STATES) {
        r.walk(run, c.arm(), st).ifPresent(failing::add);
      }
    }
    String notWalked = "not walked";
    Double p95 = worst(required, s -> s.endToEnd() == null ? null : s.endToEnd().p95());
    Double p99 = worst(required, s -> s.endToEnd() == null ? null : s.endToEnd().p99());
    Double errors = worst(required, StepResult::errorPct);
    String unmeasured = required.isEmpty() ? notWalked : "not measured";
    note(missing, "worstP95Ms", p95, unmeasured);
    note(missing, "worstP99Ms", p99, unmeasured);
    note(missing, "worstErrorPct", errors, unmeasured);
    Double price = priceError(e.pricePairs(), failing);
    if (!c.arm().fallsBack()) {
      String never = "never falls back";
      note(missing, "fallbackThroughOutagePct", c.worstFallbackPct(), never);
      note(missing, "dataAgeP95Ms", c.worstAgeP95Ms(), never);
      note(missing, "priceErrorMedianAbsPct", price, never);
    } else {
      boolean walked = !failing.isEmpty();
      note(
          missing,
          "fallbackThroughOutagePct",
          c.worstFallbackPct(),
          walked ? "no failing step covered D with its latency met" : notWalked);
      note(missing, "dataAgeP95Ms", c.worstAgeP95Ms(), walked ? "not recorded" : notWalked);
      note(
          missing,
          "priceErrorMedianAbsPct",
          price,
          !walked
              ? notWalked
              : e.pricePairs() == null
                  ? PriceErrorSection.NOT_RECORDED
                  : "no DEFAULT answer paired with the customer's own premium");
    }
    Condition condition = condition(e, c, missing);
    List<String> evidence = DesignWords.evidence(c, e.steps());
    return new Design(
        c.arm().label(),
        c.status().name(),
        c.clauses().get(Clause.LATENCY).standing().name(),
        c.clauses().get(Clause.RECOVERY).standing().name(),
        p95,
        p99,
        errors,
        c.worstFallbackPct(),
        c.worstAgeP95Ms(),
        price,
        condition,
        evidence.size() <= 2 ? evidence : evidence.subList(0, 2),
        missing);
  }

  private static Condition condition(ExperimentRecord e, Candidate c, Map<String, String> missing) {
    if (e.thresholds() == null) {
      missing.put("minimumHitRate", "not computed: results judged before rules version 15");
      return null;
    }
    Thresholds t =
        e.thresholds().stream()
            .filter(x -> x.arm().equals(c.arm().label()))
            .findFirst()
            .orElse(null);
    if (t == null) {
      missing.put("minimumHitRate", "none: never falls back");
      return null;
    }
    Thresholds.HMin h = t.hMin();
    return new Condition(
        h.pct(),
        h.low(),
        h.high(),
        h.extrapolated(),
        h.levels().size(),
        h.why() == null ? null : h.why().name());
  }

  private static Double priceError(PricePairs pairs, List<StepResult> failing) {
    if (pairs == null) {
      return null;
    }
    Double worst = null;
    for (StepResult s : failing) {
      for (PairedPriceError pe : pairs.of(s.spec().id()).values()) {
        if (pe.medianAbsPct() != null) {
          worst = worst == null ? pe.medianAbsPct() : Math.max(worst, pe.medianAbsPct());
        }
      }
    }
    return worst;
  }

  private static Double worst(List<StepResult> steps, Function<StepResult, Double> f) {
    Double worst = null;
    for (StepResult s : steps) {
      Double v = f.apply(s);
      if (v != null) {
        worst = worst == null ? v : Math.max(worst, v);
      }
    }
    return worst;
  }

  private static void note(Map<String, String> missing, String field, Double v, String why) {
    if (v == null) {
      missing.put(field, why);
    }
  }
}
