package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.ops.protocol.StepKind;
import solventa.ops.results.ExperimentRecord;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * The answer first (the report's first screen, the console's last lines): one sentence (HD-01's
 * verdict and the recommendation), the arm × provider-state grid of the state walk, and one line
 * per verdict. Computed from the record alone, like the rest of the report.
 *
 * @param answer the one-sentence answer
 * @param gridHeaders "arm", then one column per provider state
 * @param grid one row per arm walked: per state, whether every run met the thresholds, with the
 *     worst run's p95/p99 (and its errors when it missed); "—" when the arm was not walked there
 * @param verdicts "HD-01.1 supported", … in the record's order
 * @param flips the verdicts that flip under the card's other readings ({@link
 *     solventa.ops.analysis.Sensitivity}), one line each; empty when none does or none was judged
 */
public record Summary(
    String answer,
    String plain,
    List<String> gridHeaders,
    List<List<String>> grid,
    List<String> verdicts,
    List<String> flips) {

  private static final List<BenchArm> ARMS = Recommendation.SIMPLEST_FIRST;

  /** The answer of {@code e}, its verdicts' findings in words ({@link EvidenceWords}). */
  public static Summary of(ExperimentRecord analysed) {
    ExperimentRecord e = EvidenceWords.worded(analysed);
    StepResults r = new StepResults(e.steps());
    ExperimentProfile profile = ExperimentProfile.asRecorded(e.profile(), e.environment());
    Recommendation rec =
        Recommendation.of(
            r, profile.refreshAfterSec(), profile.recoveryWindowSec(), e.judgedWith());
    Verdict hd01 = e.verdicts().get("HD-01");
    String decision = DesignWords.sentence(rec, e.steps());
    String answer =
        (hd01 == null
                ? "HD-01 has no verdict"
                : "HD-01 is "
                    + hd01.verdict()
                    + decidingClauses(hd01)
                    + (Boolean.TRUE.equals(hd01.provisional())
                        ? " (provisional: "
                            + r.runs().size()
                            + " run"
                            + (r.runs().size() == 1 ? "" : "s")
                            + "; the card requires "
                            + VerdictRules.REQUIRED_RUNS
                            + ")"
                        : ""))
            + "; "
            + Character.toLowerCase(decision.charAt(0))
            + decision.substring(1);
    if (r.runs().isEmpty()) {
      answer = noWalk(e, profile, hd01);
    }
    List<String> headers = new ArrayList<>();
    headers.add("arm");
    for (ProviderState st : ProviderState.values()) {
      headers.add(StateNames.label(st));
    }
    List<List<String>> grid = new ArrayList<>();
    for (BenchArm arm : ARMS) {
      List<String> row = new ArrayList<>();
      row.add(arm.label());
      boolean any = false;
      for (ProviderState st : ProviderState.values()) {
        List<StepResult> steps = new ArrayList<>();
        for (String run : r.runs()) {
          r.walk(run, arm, st).ifPresent(steps::add);
        }
        any |= !steps.isEmpty();
        row.add(cell(steps) + fallback(r, arm, st, steps, profile.refreshAfterSec(), e));
      }
      if (any) {
        grid.add(List.copyOf(row));
      }
    }
    List<String> verdicts = new ArrayList<>();
    for (Verdict v : e.verdicts().values()) {
      verdicts.add(v.id() + " " + v.verdict());
    }
    return new Summary(
        answer,
        plain(r, hd01, e),
        List.copyOf(headers),
        List.copyOf(grid),
        List.copyOf(verdicts),
        e.sensitivity() == null ? List.of() : List.copyOf(e.sensitivity().flips()));
  }

  /**
   * The answer of a run that walked no arm (the break-point profile): nothing for HD-01 or the
   * Recommendation to judge, and what the run measured instead.
   */
  private static String noWalk(ExperimentRecord e, ExperimentProfile p, Verdict hd01) {
    List<String> bp =
        BreakpointAnswers.brief(p, new StepResults(e.steps()).of(StepKind.BREAKPOINT).toList());
    return (hd01 == null ? "HD-01 has no verdict" : "HD-01 is " + hd01.verdict())
        + ": this run walked no arm through the provider's states (profile "
        + e.profile()
        + "), so neither HD-01 nor the Recommendation has a step to judge"
        + (bp.isEmpty()
            ? ""
            : "; it measured the break points over the arrival rate (the card's open questions (b)"
                + " and (c)): "
                + String.join("; ", bp));
  }

  /**
   * Three plain sentences for a reader who reads nothing else: which arms held the latency
   * requirements in every state they walked, which missed and where, and at what cost (the
   * falling-back arms' largest fallback share in a failure state) with clause (b)'s outcome at the
   * declared inputs. Computed from the steps and HD-01's clauses, like the rest.
   */
  static String plain(StepResults r, Verdict hd01, ExperimentRecord e) {
    List<String> held = new ArrayList<>();
    List<String> missed = new ArrayList<>();
    List<String> close = new ArrayList<>();
    double worstFallback = Double.NaN;
    String worstFallbackArm = null;
    ExperimentProfile p = ExperimentProfile.asRecorded(e.profile(), e.environment());
    for (BenchArm arm : ARMS) {
      List<String> missedStates = new ArrayList<>();
      List<String> closeStates = new ArrayList<>();
      List<String> walkedStates = new ArrayList<>();
      boolean unmeasured = false;
      for (ProviderState st : ProviderState.values()) {
        for (String run : r.runs()) {
          var step = r.walk(run, arm, st);
          if (step.isEmpty()) {
            continue;
          }
          String label = StateNames.label(st);
          if (!walkedStates.contains(label)) {
            walkedStates.add(label);
          }
          StepResult s = step.get();
          if (s.meets() == null) {
            unmeasured = true;
            continue;
          }
          switch (solventa.ops.analysis.hypotheses.Call.meets(s)) {
            case FAILS -> {
              if (!missedStates.contains(label)) {
                missedStates.add(label);
              }
            }
            case HOLDS -> {}
            default -> {
              if (!closeStates.contains(label)) {
                closeStates.add(label);
              }
            }
          }
        }
        if (arm.fallsBack() && st != ProviderState.HEALTHY && st != ProviderState.RECOVERY) {
          var b =
              solventa.ops.analysis.hypotheses.ClauseB.judge(
                  r, arm, st, p.refreshAfterSec(), e.judgedWith());
          for (var o : b.steps()) {
            if (o.pct() != null && !(o.pct() <= worstFallback)) {
              worstFallback = o.pct();
              worstFallbackArm = arm.label();
            }
          }
        }
      }
      if (walkedStates.isEmpty()) {
        continue;
      }
      String name =
          walkedStates.size() == ProviderState.values().length
              ? arm.label()
              : arm.label() + " (walked " + and(walkedStates) + " only)";
      if (!missedStates.isEmpty()) {
        missed.add(name + " when the provider was " + and(missedStates));
      } else if (!closeStates.isEmpty()) {
        close.add(name + " when the provider was " + and(closeStates));
      } else if (!unmeasured) {
        held.add(name);
      }
    }
    if (r.runs().isEmpty()) {
      return "No arm was walked through the provider's states in this run, so neither the latency"
          + " requirements nor the fallback's cost is measured here (`bin/lab experiment quick`,"
          + " `full` or `explore` walks them).";
    }
    String requirement = Acceptance.describe();
    String first =
        held.isEmpty()
            ? "No arm was shown to keep " + requirement + " in every provider state it walked."
            : "Arm"
                + (held.size() > 1 ? "s " : " ")
                + and(held)
                + " kept "
                + requirement
                + " in every provider state "
                + (held.size() > 1 ? "they" : "it")
                + (r.runs().size() > 1 ? " walked, in every run." : " walked.");
    String second =
        (missed.isEmpty() ? "No arm clearly missed them." : "Missed them: " + and(missed) + ".")
            + (close.isEmpty() ? "" : " Too close to call: " + and(close) + ".");
    String third = cost(worstFallback, worstFallbackArm, hd01, e);
    return first + " " + second + " " + third;
  }

  /** "a", "a and b", "a, b and c". */
  static String and(List<String> items) {
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1))
        + " and "
        + items.get(items.size() - 1);
  }

  private static String cost(double worst, String arm, Verdict hd01, ExperimentRecord e) {
    String b = null;
    if (hd01 != null && hd01.clauses() != null) {
      for (Verdict.Clause c : hd01.clauses()) {
        if (c.clause().startsWith("clause (b)")) {
          b = c.outcome();
        }
      }
    }
    solventa.ops.analysis.hypotheses.Actuarial a = e.judgedWith();
    String inputs =
        "an outage of "
            + solventa.ops.analysis.hypotheses.Actuarial.num(a.outageSec())
            + " s of a source refreshed every "
            + solventa.ops.analysis.hypotheses.Actuarial.num(a.sourceRefreshSec())
            + " s against a ceiling of "
            + solventa.ops.analysis.hypotheses.Actuarial.num(a.fallbackCeilingPct())
            + " %";
    String judged =
        b == null
            ? "clause (b) was not judged"
            : switch (b) {
              case Verdict.Clause.HOLDS -> "that stays within the ceiling for " + inputs;
              case Verdict.Clause.REFUTES -> "that breaks the ceiling for " + inputs;
              default ->
                  "whether that stays within the ceiling for "
                      + inputs
                      + " is too close to call or not decidable";
            };
    if (arm == null) {
      return "No arm that falls back was walked through a failure, so the fallback's cost is not measured; "
          + judged
          + ".";
    }
    return String.format(
        Locale.ROOT,
        "The cost: up to %.1f %% of arm %s's quotes through the first %s s of an outage were priced"
            + " on a fallback (the last known or the default profile; the fallback share through"
            + " the outage, the one fallback figure of this report, highest over the steps); %s.",
        worst,
        arm,
        solventa.ops.analysis.hypotheses.Actuarial.num(e.judgedWith().outageSec()),
        judged);
  }

  /**
   * " (refuted by clause (b) fallback above the ceiling)": HD-01's last "refuted by" line, which
   * names every clause of the card's rule that refuted it; empty when none did.
   */
  static String decidingClauses(Verdict hd01) {
    if (!Verdict.REFUTED.equals(hd01.verdict())) {
      return "";
    }
    for (int i = hd01.evidence().size() - 1; i >= 0; i--) {
      String line = hd01.evidence().get(i);
      if (line.startsWith("refuted by clause")) {
        return " (" + line.substring("refuted ".length()) + ")";
      }
    }
    return "";
  }

  /**
   * A state's cell, judged as the verdicts judge (by the intervals, {@link
   * solventa.ops.analysis.hypotheses.Call#meets}): "✓ 64/66" when every run's step met the
   * thresholds, "✗ 705/708, 100 % errors" when one clearly missed, "≈ 218/247" when one was too
   * close to call, "?" when a step has no measurement, "—" not walked. The figures are each
   * column's worst over the runs: the highest p95, the highest p99 and the highest error share,
   * whichever steps they came from.
   */
  static String cell(List<StepResult> steps) {
    if (steps.isEmpty()) {
      return "—";
    }
    Optional<StepResult> unmeasured = steps.stream().filter(s -> s.meets() == null).findFirst();
    if (unmeasured.isPresent()) {
      return "? (" + Report.why(unmeasured.get(), "endToEnd") + ")";
    }
    List<solventa.ops.analysis.hypotheses.Call> calls =
        steps.stream().map(solventa.ops.analysis.hypotheses.Call::meets).toList();
    long failed =
        calls.stream().filter(c -> c == solventa.ops.analysis.hypotheses.Call.FAILS).count();
    long close =
        calls.stream().filter(c -> c != solventa.ops.analysis.hypotheses.Call.HOLDS).count()
            - failed;
    double p95 = steps.stream().mapToDouble(x -> x.endToEnd().p95()).max().orElseThrow();
    double p99 = steps.stream().mapToDouble(x -> x.endToEnd().p99()).max().orElseThrow();
    double errors = steps.stream().mapToDouble(StepResult::errorPct).max().orElseThrow();
    String figures = Report.ms(p95) + "/" + Report.ms(p99);
    String runs = steps.size() > 1 ? " (" + steps.size() + " runs)" : "";
    if (failed > 0) {
      return "✗ "
          + figures
          + String.format(Locale.ROOT, ", %.1f %% errors", errors)
          + (steps.size() > 1 ? " (" + failed + " of " + steps.size() + " runs)" : "");
    }
    if (close > 0) {
      return "≈ "
          + figures
          + (errors > 0 ? String.format(Locale.ROOT, ", %.1f %% errors", errors) : "")
          + " (too close to call"
          + (steps.size() > 1 ? " in " + close + " of " + steps.size() + " runs" : "")
          + ")";
    }
    return "✓ "
        + figures
        + (errors > 0 ? String.format(Locale.ROOT, ", %.1f %% errors", errors) : "")
        + runs;
  }

  /** The states in which HD-01's clause (b) judges C's fallback share against the ceiling. */
  private static final List<ProviderState> CLAUSE_B_STATES =
      List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE);

  /**
   * For an arm that falls back: ", fallback 26.3 %" (the largest step share over the runs); in the
   * states clause (b) judges, then its outcome at the report's actuarial inputs: "✗ clause (b)"
   * when a run refutes it, "? clause (b)" when one is too close to call or cannot be decided, "✓
   * clause (b)" when every run holds. A step's share in lab seconds is not itself compared with the
   * ceiling: clause (b) maps it to the outage the business rides through.
   */
  static String fallback(
      StepResults r,
      BenchArm arm,
      ProviderState st,
      List<StepResult> steps,
      int labT,
      ExperimentRecord e) {
    if (!arm.fallsBack() || steps.isEmpty()) {
      return "";
    }
    solventa.ops.analysis.hypotheses.ClauseB b =
        solventa.ops.analysis.hypotheses.ClauseB.judge(r, arm, st, labT, e.judgedWith());
    if (b.pct() == null) {
      return "";
    }
    String share = String.format(Locale.ROOT, ", fallback through D %.1f %%", b.pct());
    if (!CLAUSE_B_STATES.contains(st)) {
      return share;
    }
    String mark =
        switch (b.outcome()) {
          case REFUTES -> "✗";
          case HOLDS -> "✓";
          default -> "?";
        };
    return share + "; " + mark + " clause (b)";
  }

  /** The console's closing lines: the answer, then the verdicts on one line. */
  public List<String> consoleLines() {
    List<String> lines =
        new ArrayList<>(List.of("answer: " + answer, "verdicts: " + String.join(", ", verdicts)));
    if (!flips.isEmpty()) {
      lines.add("flips under the card's other readings: " + String.join("; ", flips));
    }
    return List.copyOf(lines);
  }
}
