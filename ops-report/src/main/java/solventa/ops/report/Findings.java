package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Bullets;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * What the run found beyond the card's tables: the intermediate result, the recommendation, the
 * recovery second by second and the threats to validity.
 */
final class Findings extends ReportSection {
  Findings(ReportSection report) {
    super(report);
  }

  void intermediate() {
    h(2, "Intermediate result: does B, or B with a breaker, meet the thresholds?");
    p(
        "B is cache-aside that waits up to the 700 ms hard timeout on a miss, with no breaker (the card's arm B)."
            + " B+CB is the same with the circuit breaker: the simpler design with a breaker alone. Run "
            + (r.runs().isEmpty() ? "—" : r.runs().get(0))
            + ".");
    List<List<String>> rows = new ArrayList<>();
    String run = r.runs().isEmpty() ? "R1" : r.runs().get(0);
    for (ProviderState st :
        List.of(ProviderState.HEALTHY, ProviderState.DEGRADED, ProviderState.UNRESPONSIVE)) {
      for (BenchArm arm : BenchArm.B.andVariants()) {
        Optional<StepResult> s = r.walk(run, arm, st);
        String m = cell(null, notRun());
        rows.add(
            s.map(
                    x ->
                        List.of(
                            arm.label(),
                            StateNames.label(st),
                            cell(ms(x.endToEnd().p95()), why(x, "endToEnd")),
                            cell(ms(x.endToEnd().p99()), why(x, "endToEnd")),
                            cell(pct(x.errorPct()), why(x, "errorPct")),
                            hitCell(x),
                            meetsCell(x)))
                .orElse(List.of(arm.label(), StateNames.label(st), m, m, m, m, m)));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Arm",
                "Provider state",
                "p95 (ms)",
                "p99 (ms)",
                "Error (%)",
                "Hit % measured / target",
                "Meets?"),
            rows));
    for (BenchArm arm : BenchArm.B.andVariants()) {
      Optional<StepResult> d = r.walk(run, arm, ProviderState.DEGRADED);
      if (d.isEmpty() || d.get().meets() == null) {
        continue;
      }
      StepResult x = d.get();
      boolean latencyOk =
          x.endToEnd().p95() <= Acceptance.P95_MS && x.endToEnd().p99() <= Acceptance.P99_MS;
      p(
          "**"
              + arm.label()
              + " degraded**: "
              + (x.meets()
                  ? "meets the thresholds (errors " + pct(x.errorPct()) + " %)."
                  : latencyOk
                      ? "its p95 and p99 are within the thresholds, but "
                          + pct(x.errorPct())
                          + " % of its quotes fail (> 1 %)."
                      : "misses the latency thresholds (p95 "
                          + ms(x.endToEnd().p95())
                          + " ms, p99 "
                          + ms(x.endToEnd().p99())
                          + " ms) with "
                          + pct(x.errorPct())
                          + " % errors."));
    }
  }

  /**
   * The card's decision ({@link Recommendation}): the simplest design that meets the requirements
   * in every required state of every run, within the actuarial ceiling, with every design's
   * standing.
   */
  void recommendation() {
    Recommendation rec =
        Recommendation.of(
            r, profileOf().refreshAfterSec(), profileOf().recoveryWindowSec(), e.judgedWith());
    h(2, "Recommendation");
    p("**" + DesignWords.sentence(rec, e.steps()) + "**");
    p(
        "The rule (docs/verdict-rules.md, Recommendation): designs from the simplest ("
            + String.join(", ", rec.candidates().stream().map(c -> c.arm().label()).toList())
            + "); the first that meets "
            + Acceptance.describe()
            + " in every one of "
            + String.join(
                ", ", Recommendation.REQUIRED_STATES.stream().map(StateNames::label).toList())
            + " in every run, and whose recovery step in every run shows neither a stampede nor a"
            + " recovery backlog filling the adapter's pool and has its fallback share back under 5 %"
            + " within 60 s, is recommended (rules version 15). A step not run or not usable, the"
            + " recovery included, leaves a design not established. Its fallback share through the"
            + " outage the business rides through rests on production facts the lab cannot know, so"
            + " it is the recommendation's condition: the minimum production hit rate and the"
            + " longest outage that keep it within the ceiling (inputs "
            + rec.actuarial().describe()
            + "), each measured with its interval (\"Thresholds\"). Cost: the highest fallback"
            + " share through the outage's first "
            + solventa.ops.analysis.hypotheses.Actuarial.num(rec.actuarial().outageSec())
            + " s (mapped to the lab), the highest p95 data age and error share of its failure"
            + " steps, and the most provider calls per quote (the node's calls in a step's measured"
            + " window ÷ its answers) over its failure and recovery steps; the price error of"
            + " DEFAULT quotes is in the table after the designs'.");
    List<List<String>> rows = new ArrayList<>();
    for (Recommendation.Candidate c : rec.candidates()) {
      List<String> evidence = DesignWords.evidence(c, e.steps());
      String noCost = c.status() == Recommendation.Status.MISSES ? "misses" : "not established";
      rows.add(
          List.of(
              c.arm().label(),
              switch (c.status()) {
                case QUALIFIES -> "qualifies";
                case RECOVERY_FAILS -> "meets the latency, its recovery fails";
                case MISSES -> "misses";
                case NOT_ESTABLISHED -> "not established";
              },
              condition(c.arm().label()),
              cell(pct(c.worstFallbackPct()), noCost),
              cell(
                  c.worstAgeP95Ms() == null
                      ? null
                      : String.format(Locale.ROOT, "%.1f", c.worstAgeP95Ms() / 1000),
                  noCost),
              cell(pct(c.worstErrorPct()), noCost),
              cell(
                  c.worstCallsPerQuote() == null
                      ? null
                      : String.format(Locale.ROOT, "%.2f", c.worstCallsPerQuote()),
                  noCost),
              evidence.size() <= 2
                  ? String.join("; ", evidence)
                  : evidence.get(0) + "; … (" + (evidence.size() - 1) + " more)"));
    }
    blocks.add(
        new Table(
            List.of(
                "Design",
                "Standing",
                "Condition: minimum production hit rate [95 % CI]",
                "Fallback % through D (worst step)",
                "Data age p95 (s, worst)",
                "Errors % (worst)",
                "Provider calls per quote (worst)",
                "Evidence"),
            rows));
    new PriceErrorSection(this)
        .table(rec.candidates().stream().map(Recommendation.Candidate::arm).toList());
    new SegmentDefaultSection(this).table();
  }

  /**
   * A design's condition: its minimum production hit rate for the fallback share through the
   * declared outage, from the thresholds the analysis measured; a design that never falls back has
   * none.
   */
  private String condition(String arm) {
    if (e.thresholds() == null) {
      return "— (not computed: results judged before rules version 15)";
    }
    return e.thresholds().stream()
        .filter(t -> t.arm().equals(arm))
        .findFirst()
        .map(t -> OutageWords.hMin(t.hMin()))
        .orElse("— (never falls back)");
  }

  /** Per second of C's and C''s recovery: what HD-01.8's stampede rule reads. */
  void recoveryTable() {
    h(2, "Recovery second by second (C and C')");
    p(
        "From the change to RECOVERY, every run: requests, distinct customers requested, customers"
            + " needing a provider call (distinct customers whose answer was not CACHED), fallback"
            + " share, breaker state, provider calls completed, duplicate calls (calls the adapter"
            + " was asked for a customer whose earlier call was still pending) and adapter calls in"
            + " flight (sampled), per second. The recovery load of C and C' comes as quote journeys"
            + " (2 to 5 quotes of one customer within 2 s), so concurrent misses on"
            + " one customer can happen; C's duplicate calls are that stampede, HD-01.8's control"
            + " (rules version 7), and C' coalesces them to none. The toxics go at the change; the provider answers at its degraded"
            + " latency for the recovery window, the first "
            + profileOf().recoveryWindowSec()
            + " s, and healthy after it, so the first seconds show whether a"
            + " half-open probe that happens to succeed lets the backlog of expired customers fill"
            + " the adapter's pool."
            + breakersNote());
    if (r.runs().isEmpty()) {
      p(cell(null, notRun()));
    }
    for (String run : r.runs()) {
      for (BenchArm arm : BenchArm.fallingBack()) {
        Optional<StepResult> s = r.walk(run, arm, ProviderState.RECOVERY);
        if (s.isEmpty()) {
          p(arm.label() + " " + run + ": " + cell(null, notRun()));
          continue;
        }
        List<List<String>> rows = new ArrayList<>();
        for (TimelinePoint t : s.get().timeline()) {
          rows.add(
              List.of(
                  Integer.toString(t.second()),
                  Integer.toString(t.requests()),
                  t.customers() == null ? "—" : t.customers().toString(),
                  t.needing() == null ? "— (not recorded)" : t.needing().toString(),
                  cell(pct(t.fallbackShare()), "no request"),
                  t.breaker() == null ? "—" : t.breaker(),
                  t.providerCalls() == null ? "—" : t.providerCalls().toString(),
                  t.duplicates() == null ? "— (not recorded)" : t.duplicates().toString(),
                  t.inFlight() == null ? "—" : t.inFlight().toString()));
        }
        h(3, arm.label() + " " + run + " recovery");
        blocks.add(
            new Table(
                List.of(
                    "s",
                    "requests",
                    "customers",
                    "needing a call",
                    "fallback %",
                    "breaker",
                    "provider calls",
                    "duplicate calls",
                    "in flight"),
                rows));
        Long d = solventa.ops.analysis.hypotheses.Recovery.duplicates(s.get());
        p(
            "Over the step: "
                + (d == null
                    ? "duplicate calls — (not recorded: results before rules version 7)."
                    : d
                        + " duplicate call(s)"
                        + (d == 0 ? ": no customer had two calls pending at once." : ".")));
      }
    }
  }

  void threats() {
    h(2, "Threats to validity");
    List<String> t = new ArrayList<>();
    t.add(
        "Absolute thresholds do not transfer: a development machine, no API gateway hop; the relative result between arms is the main result.");
    t.add(
        "Everything runs on one host with 2 cores: the load generator, Toxiproxy, the double, Redis, PostgreSQL and the node compete for CPU. Heaps are fixed; the generator's achieved rate and the double's lag are checked per step (Sanity checks).");
    t.add(
        "One host underestimates the network latency between the quote node, Redis and the adapter, which sit on different nodes in production.");
    t.add(
        "The OS page cache and JIT warm-up are not controlled; arms run in Latin-square order and every step discards a warm-up slice.");
    t.add(
        "Tail variability mostly affects p99; "
            + (r.runs().size() >= 3
                ? "three runs and the standard deviation of p95 are reported."
                : "this profile has "
                    + r.runs().size()
                    + " run(s), so no deviation across runs is available: use profile full for the card's three runs."));
    t.add(
        "The double's log-normal latency is a reasoned tail shape, not a measurement of the real provider.");
    t.add(
        "The fallback is one default profile per line of business; actuarial calibration is out of scope. The report assumes a fallback share above "
            + solventa.ops.analysis.hypotheses.Actuarial.num(e.judgedWith().fallbackCeilingPct())
            + " % is unacceptable (the card leaves the figure to actuaries), and judges it through"
            + " an outage of "
            + solventa.ops.analysis.hypotheses.Actuarial.num(e.judgedWith().outageSec())
            + " s for a source refreshed every "
            + solventa.ops.analysis.hypotheses.Actuarial.num(e.judgedWith().sourceRefreshSec())
            + " s: assumptions a reader replaces with `bin/lab report DIR --assume KEY=VALUE`.");
    t.add("Two discrete traffic levels for the breaker policies, not a curve.");
    t.add(
        "Toxiproxy degrades the connection, not the provider's application: provider-specific behaviour (e.g. 429 rate limiting) is only covered by the double's error shares, not used in this protocol.");
    // every figure from the profile that ran, so the line stays true when a setting changes
    ExperimentProfile pr = profileOf();
    int shortest = pr.warmupSec() + Math.min(pr.measureSec(), pr.pathMeasureSec());
    int longest = pr.warmupSec() + Math.max(pr.measureSec(), pr.pathMeasureSec());
    t.add(
        "Known customers' values expire after T = refresh-after = "
            + pr.refreshAfterSec()
            + " s. Every step but recovery draws new known customers, seeded before it through the node's adapter with steady-state ages (the fresh ones uniform over [0, T), the others already past T); recovery continues the outage step before it. With the provider failing nothing is refreshed and fresh values expire at about 1/T of them per second, so C falls back on STALE for known customers whose value is past T and on DEFAULT for never-seen customers ("
            + String.format(Locale.ROOT, "%.1f", pr.neverSeenShare() * 100)
            + " % of requests) and any that could not be seeded. The walk's outage steps end "
            + (shortest == longest ? shortest : shortest + "–" + longest)
            + " s after the change ("
            + (shortest == longest
                ? Math.round(100.0 * shortest / pr.refreshAfterSec())
                : Math.round(100.0 * shortest / pr.refreshAfterSec())
                    + "–"
                    + Math.round(100.0 * longest / pr.refreshAfterSec()))
            + " % of T): their fallback share grows with the outage's length relative to T, not only with the design.");
    t.addAll(new BudgetExpirySection(this).threats());
    long invalid = e.sanity().stream().filter(c -> !c.passed()).count();
    if (invalid > 0) {
      t.add(
          invalid
              + " sanity check(s) failed: see Sanity checks; the affected runs are invalid for acceptance.");
    }
    blocks.add(new Bullets(t));
  }
}
