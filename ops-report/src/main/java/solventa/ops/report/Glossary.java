package solventa.ops.report;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigResolveOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * The report's glossary: every term it uses, in English, with the card's Spanish term beside it.
 * The figures in a definition come from the run's profile or from the settings the node and the
 * adapter ship with (their {@code quote.conf} and {@code reference.conf} on the class path), never
 * typed in here.
 */
public final class Glossary {
  private Glossary() {}

  /** One term: the word the report uses, what it means, and the card's (Spanish) word for it. */
  public record Term(String term, String meaning, String card) {
    List<String> row() {
      return List.of(term, meaning, card);
    }
  }

  public static final List<String> HEADERS = List.of("term", "meaning", "the card's term");

  public static List<Term> of(ExperimentProfile p) {
    return of(p, solventa.ops.analysis.hypotheses.Actuarial.DECLARED);
  }

  /** The terms, with the actuarial inputs the report was judged with. */
  public static List<Term> of(ExperimentProfile p, solventa.ops.analysis.hypotheses.Actuarial a) {
    Config node = shipped("quote.conf");
    Config adapter = shipped("reference.conf");
    String budget = millis(node, "quote.budget");
    String timeout = millis(adapter, "of-adapter.providers.ofb.timeout");
    List<Term> t = new ArrayList<>();
    designTerms(budget, t);
    runTerms(p, t);
    stepTerms(p, a, t);
    breakerTerms(p, budget, timeout, t);
    return List.copyOf(t);
  }

  /**
   * The designs under test and their variants, the thresholds, the intervals, the provider double.
   */
  private static void designTerms(String budget, List<Term> t) {
    t.add(
        new Term(
            "arm",
            "one design of the quote service under test: A calls the provider on every quote and"
                + " waits; B reads a cache and calls the provider on a miss (cache-aside); C serves"
                + " the last known value and refreshes it within a "
                + budget
                + " budget, with a fallback; C' is C with per-customer coalescing",
            "brazo"));
    t.add(
        new Term(
            "B+CB",
            "arm B with the circuit breaker switched on (A and B run without one; C and C' with one)",
            "—"));
    t.add(
        new Term(
            "C+RA, C+CR",
            "C's variants, the card's mitigations: C+RA refreshes a value before it expires"
                + " (refresh-ahead, XFetch with beta "
                + BenchArm.C_RA.settings().get("quote.refresh-ahead.beta")
                + "); C+CR recovers carefully (the half-open breaker closes on "
                + BenchArm.C_CR.settings().get("of-adapter.providers.ofb.breaker.half-open-probes")
                + " successful probes, background refreshes are admitted at "
                + BenchArm.C_CR.settings().get("quote.refresh-admission.rate")
                + " a second per node, the rest served STALE)",
            "mitigaciones"));
    t.add(
        new Term(
            "thresholds",
            "the latency requirement a step must meet: " + Acceptance.describe(),
            "umbral (ASR)"));
    t.add(
        new Term(
            "[lo, hi], too close to call",
            "a figure's 95 % interval (rules version 5): for p95 and p99 a bootstrap over the step's"
                + " answers ("
                + solventa.ops.statistics.Bootstrap.RESAMPLES
                + " resamples, seed "
                + solventa.ops.statistics.Bootstrap.SEED
                + "), for a share the exact Clopper–Pearson interval; a comparison whose interval"
                + " contains its threshold is too close to call, and its verdict inconclusive",
            "—"));
    t.add(
        new Term(
            "provider double",
            "the stand-in for the Open Finance provider: a real HTTP server with seeded log-normal"
                + " latency, behind Toxiproxy for the network faults",
            "doble del proveedor"));
  }

  /** The provider's states, a run and its walk through them. */
  private static void runTerms(ExperimentProfile p, List<Term> t) {
    StringBuilder states = new StringBuilder();
    for (ProviderState s : ProviderState.values()) {
      if (!states.isEmpty()) {
        states.append(", ");
      }
      states.append(StateNames.label(s)).append(" (").append(StateNames.card(s)).append(')');
    }
    t.add(
        new Term(
            "provider state",
            "what the provider does during a step: " + states,
            "estado del proveedor"));
    t.add(
        new Term(
            "run",
            "one pass of the protocol with fresh nodes and an empty cache; the card requires three"
                + " for a final HD-01 (this profile makes "
                + p.runs()
                + ")",
            "corrida"));
    t.add(
        new Term(
            "walk",
            "a run's pass through the six provider states on one node per arm, in order, without"
                + " restarting anything: the cache and the breaker carry their state from step to"
                + " step",
            "—"));
  }

  /** A step's parts and the figures read over it: its window, T, the hit rate, the fallback, W. */
  private static void stepTerms(
      ExperimentProfile p, solventa.ops.analysis.hypotheses.Actuarial a, List<Term> t) {
    t.add(
        new Term(
            "step",
            "one measured stretch of load at one setting; its first "
                + p.warmupSec()
                + " s are discarded as warm-up",
            "—"));
    t.add(
        new Term(
            "T",
            "refresh-after: a known customer's value is due for refresh "
                + p.refreshAfterSec()
                + " s after it was fetched (quote.refresh-after)",
            "política de expiración"));
    t.add(
        new Term(
            "hit rate",
            "the share of quotes whose customer has a value younger than T (measured: the CACHED"
                + " share); the sweep sets a target",
            "tasa de acierto"));
    t.add(
        new Term(
            "fallback",
            "a quote priced without fresh provider data: STALE (the last known value, older than"
                + " T) or DEFAULT (no value known: the default profile)",
            "valor de respaldo"));
    t.add(
        new Term(
            "actuarial ceiling",
            "the fallback share actuaries would accept (c), an assumption the card leaves open: "
                + fmt(a.fallbackCeilingPct())
                + " % in this report",
            "—"));
    t.add(
        new Term(
            "clause",
            "one of the conditions under which the card refutes HD-01: (a) C misses the latency"
                + " thresholds with the provider degraded or unresponsive, (b) it meets them only"
                + " with a fallback share above the ceiling, (c) recovery causes a stampede that"
                + " saturates the adapter's pool, (d) a run is invalidated by a sanity check",
            "criterio de refutación"));
    t.add(
        new Term(
            "T_source, D, A",
            "the actuarial inputs clause (b) is judged with: the Open Finance source's production"
                + " refresh policy ("
                + fmt(a.sourceRefreshSec())
                + " s), the outage the business must ride through ("
                + fmt(a.outageSec())
                + " s) and the oldest STALE value actuaries accept ("
                + fmt(a.maxStaleAgeSec())
                + " s); bin/lab report --assume changes them",
            "—"));
    t.add(
        new Term(
            "fallback share through the outage",
            "the one fallback figure of this report: the share of the quotes sent during the first D"
                + " of an outage that were priced on a fallback, counted over the lab's first"
                + " D·T/T_source of a failing step; clause (b) pools it over the runs and compares it"
                + " with the ceiling by its interval",
            "—"));
    t.add(
        new Term(
            "h_min, D*",
            "the thresholds the answer depends on: the lowest production hit rate, and the longest"
                + " outage at the seeded hit rate, at which the fallback share through the outage"
                + " stays within the ceiling, each measured with its interval",
            "—"));
    t.add(
        new Term(
            "operating characteristic",
            "the probability of each verdict of a rule at true values around its bound, simulated"
                + " at the profile's own sample sizes with the analysis's own estimator; δ is the"
                + " rule's practical margin, and a rule must hold with 80 % at bound − δ and refute"
                + " with 80 % at bound + δ",
            "—"));
    t.add(
        new Term(
            "W",
            "the exposure window sacrificed requests are counted against: "
                + p.exposureWindowSec()
                + " s",
            "ventana"));
    t.add(
        new Term(
            "sacrificed request",
            "a quote admitted while the breaker was closed whose answer waited on a provider call"
                + " that failed, from the provider's change until the breaker opened",
            "petición sacrificada"));
  }

  /** The breaker, its policies and the adapter's limits, with the settings the nodes ship. */
  private static void breakerTerms(
      ExperimentProfile p, String budget, String timeout, List<Term> t) {
    t.add(
        new Term(
            "circuit breaker, count / rate policy",
            "the adapter's breaker; count opens after N = "
                + p.countPolicyN()
                + " consecutive failures, rate after "
                + fmt(p.ratePolicy().thresholdPct())
                + " % failures over "
                + p.ratePolicy().windowSec()
                + " s with at least "
                + p.ratePolicy().minCalls()
                + " calls",
            "circuit breaker, interruptor"));
    t.add(
        new Term(
            "hard timeout",
            "the longest one provider call may take, queue time included: " + timeout,
            "timeout duro"));
    t.add(
        new Term(
            "bulkhead",
            "the adapter's fixed pool of connections per provider; a call beyond its queue is"
                + " rejected at once",
            "bulkhead"));
    t.add(
        new Term(
            "cold path",
            "a quote whose customer has no fresh value, priced from a provider call that answers"
                + " (provider healthy)",
            "camino frío"));
    t.add(
        new Term(
            "degraded path",
            "in arm C, a quote answered from its fallback once the breaker is open, without waiting",
            "camino degradado"));
    t.add(
        new Term(
            "stampede, coalescing",
            "many concurrent misses on one customer each calling the provider; coalescing (C')"
                + " makes them share one call",
            "estampida, coalescencia"));
    t.add(new Term("provisional", "HD-01's verdict with fewer runs than the card requires", "—"));
  }

  /** The settings file as it ships, without the environment's overrides. */
  private static Config shipped(String resource) {
    return ConfigFactory.parseResources(resource)
        .resolve(ConfigResolveOptions.noSystem().setAllowUnresolved(true));
  }

  private static String millis(Config c, String key) {
    try {
      return c.getDuration(key, TimeUnit.MILLISECONDS) + " ms";
    } catch (RuntimeException e) {
      return "— (" + key + " could not be read: " + e.getMessage() + ")";
    }
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  static List<List<String>> rows(
      ExperimentProfile p, solventa.ops.analysis.hypotheses.Actuarial a) {
    return of(p, a).stream().map(Term::row).toList();
  }
}
