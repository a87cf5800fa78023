package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.analysis.recommendation.DesignFacts;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Clause;
import solventa.ops.analysis.recommendation.Recommendation.ClauseCall;
import solventa.ops.analysis.recommendation.Recommendation.Standing;
import solventa.vocabulary.Acceptance;

/**
 * The Recommendation in words: each design's evidence ({@link DesignFacts} and the kinds it shares
 * with the hypotheses), and the decision in one sentence, naming the design, or why none is
 * recommended and which came closest.
 */
final class DesignWords {
  private DesignWords() {}

  /** The words of a design's own kinds of facts, or null when {@code fact} is not one of them. */
  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof DesignFacts.LatencyNotShown n) {
      StepResult s = words.step(n.stepId());
      return Call.undecided(EvidenceWords.who(s), Call.Check.meets(s));
    }
    if (fact instanceof DesignFacts.Fallback f) {
      return fallback(f.share());
    }
    if (fact instanceof DesignFacts.FallbackNotJudged n) {
      return n.arm() + ": the fallback share is not judged where the latency was not shown to meet";
    }
    if (fact instanceof DesignFacts.Recovery r) {
      return recovery(words.step(r.stepId()), r);
    }
    if (fact instanceof DesignFacts.Qualifies q) {
      return "meets "
          + Acceptance.describe()
          + " in every required state of "
          + String.join(", ", q.runs())
          + ", and recovers without a stampede or a backlog filling the pool, its fallback share"
          + " back under 5 % within 60 s";
    }
    return null;
  }

  /** {@code c}'s evidence, a line per fact, its steps among {@code steps}. */
  static List<String> evidence(Candidate c, List<StepResult> steps) {
    EvidenceWords words = EvidenceWords.over(steps);
    return c.evidence().stream().map(words::text).toList();
  }

  /** The decision in one sentence, naming the design, or why none is recommended. */
  static String sentence(Recommendation rec, List<StepResult> steps) {
    if (rec.recommended().isPresent()) {
      Candidate c = rec.candidate(rec.recommended().get());
      return "Recommended: arm "
          + c.arm().label()
          + ", the simplest design that meets the latency requirements in every required state of"
          + " every run and recovers without a stampede, back under 5 % of fallback within 60 s. "
          + conditions(
              rec.thresholds(new solventa.ops.analysis.figures.StepResults(steps), c.arm()),
              rec.actuarial())
          + ".";
    }
    return "No design is recommended: " + noneQualifies(rec, EvidenceWords.over(steps)) + ".";
  }

  /**
   * What a design's fallback share through an outage rests on: "Its fallback share stays within 10
   * % through a 3600 s outage if the production hit rate is h ≥ 93.4 % [92.8, 94.1]; at the lab's
   * 96 % it holds for outages up to D ≤ 5 400 s [4 300, 6 900]".
   */
  static String conditions(Thresholds t, Actuarial a) {
    String d =
        t.dStar().stream()
            .filter(x -> x.sec() != null)
            .min(java.util.Comparator.comparingDouble(x -> x.sec()))
            .map(
                x ->
                    "; at the lab's seeded hit rate it stays within it for outages up to "
                        + OutageWords.dStar(x)
                        + " ("
                        + solventa.ops.protocol.StateNames.label(x.state())
                        + ")")
            .orElse("");
    Thresholds.HMin h = t.hMin();
    String head =
        "Its fallback share stays within "
            + Evidence.num(a.fallbackCeilingPct())
            + " % through a "
            + Actuarial.num(a.outageSec())
            + " s outage";
    if (h.pct() == null) {
      return head
          + " above a minimum production hit rate this run could not measure ("
          + OutageWords.hMin(h).replace("h_min not measured: ", "")
          + ")"
          + d;
    }
    return head + " if the production hit rate is " + OutageWords.hMin(h) + d;
  }

  /**
   * When none qualifies (rules version 14): the clauses no design met, then the closest design
   * ({@link Recommendation#closest()}) with what it meets and, for each clause it misses or leaves
   * undecided, the first line of evidence and its figure.
   */
  private static String noneQualifies(Recommendation rec, EvidenceWords words) {
    List<Candidate> candidates = rec.candidates();
    Actuarial a = rec.actuarial();
    if (candidates.isEmpty()) {
      return "no design was judged";
    }
    List<String> parts = new ArrayList<>();
    List<String> noneMet = new ArrayList<>();
    for (Clause clause : Recommendation.DECIDED) {
      if (candidates.stream().noneMatch(c -> c.clauses().get(clause).standing() == Standing.MET)) {
        noneMet.add(clause(clause, a));
      }
    }
    parts.add(
        noneMet.isEmpty()
            ? "each clause is met by some design, none meets both"
            : "no design is shown to meet " + String.join(", nor ", noneMet));
    Optional<Candidate> near = rec.closest();
    if (near.isEmpty()) {
      return String.join("; ", parts);
    }
    Candidate c = near.get();
    List<String> met = new ArrayList<>();
    List<String> shortOf = new ArrayList<>();
    for (Clause clause : Recommendation.DECIDED) {
      ClauseCall call = c.clauses().get(clause);
      switch (call.standing()) {
        case MET -> met.add(clause(clause, a));
        case MISSED -> shortOf.add("misses " + clause(clause, a) + figure(c, clause, call, words));
        case UNDECIDED ->
            shortOf.add(
                "leaves " + clause(clause, a) + " undecided" + figure(c, clause, call, words));
      }
    }
    parts.add(
        "the closest, arm "
            + c.arm().label()
            + (met.isEmpty() ? "," : ", meets " + String.join(" and ", met) + " but")
            + " "
            + String.join("; it ", shortOf));
    return String.join("; ", parts);
  }

  /** A clause as the decision names it, with the thresholds or the actuarial inputs it uses. */
  private static String clause(Clause clause, Actuarial a) {
    return switch (clause) {
      case LATENCY -> "the latency requirements (" + Acceptance.describe() + ")";
      case FALLBACK ->
          "its fallback share within "
              + Evidence.num(a.fallbackCeilingPct())
              + " % through an outage of "
              + Actuarial.num(a.outageSec())
              + " s";
      case RECOVERY ->
          "a recovery without a stampede or a backlog filling the pool, back under 5 % within 60 s";
    };
  }

  private static String figure(Candidate c, Clause clause, ClauseCall call, EvidenceWords words) {
    String worst =
        clause == Clause.FALLBACK && c.worstFallbackPct() != null
            ? String.format(
                Locale.ROOT, "; up to %.1f %% of quotes priced on a fallback", c.worstFallbackPct())
            : "";
    return " (" + words.text(call.evidence()) + worst + ")";
  }

  /** A failing state's fallback share through the outage, at the lab's seeded hit rate. */
  private static String fallback(ClauseB b) {
    return OutageWords.who(b)
        + " → fallback through the outage "
        + OutageWords.outcome(b)
        + " at the lab's seeded hit rate ("
        + OutageWords.figures(b)
        + ")";
  }

  /** A recovery step's reading, its phases read again from the step ({@link RecoveryPhases}). */
  private static String recovery(StepResult s, DesignFacts.Recovery r) {
    RecoveryPhases ph = RecoveryPhases.of(s, r.windowSec());
    String who = EvidenceWords.who(s);
    return switch (r.reading()) {
      case UNREAD -> ph.unjudged() + ": its recovery cannot be judged";
      case STAMPEDE ->
          String.format(
              Locale.ROOT,
              "%s: a stampede saturates the pool (%d duplicate calls, %d of %d in flight once the"
                  + " provider was healthy again)",
              who,
              ph.duplicates(),
              ph.peakHealthy(),
              ph.poolSize());
      case HEALTHY_PHASE -> ph.healthyText();
      case BACKLOG ->
          String.format(
              Locale.ROOT,
              "%s: the recovery backlog filled the pool (%s of %s in flight in second %d, the"
                  + " provider still degraded)",
              who,
              ph.stepPeak() == null ? ph.poolSize() : ph.stepPeak(),
              ph.poolSize(),
              ph.backlog().orElseThrow().fullAtSec());
      case BACKLOG_PHASE -> ph.backlogText().orElseThrow();
    };
  }

  private static String num(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v);
  }
}
