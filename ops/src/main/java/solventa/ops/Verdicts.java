package solventa.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Computes each hypothesis' verdict from the step results (SPEC §6). Every verdict lists the
 * measured values it rests on; a value that is missing makes the verdict inconclusive and says so.
 */
public final class Verdicts {
  /**
   * The card leaves "an unacceptable fallback share" to actuaries; the report assumes 10 % and says
   * so wherever it is used.
   */
  public static final double ACCEPTABLE_FALLBACK_PCT = 10.0;

  private Verdicts() {}

  public static Map<String, Verdict> compute(Results r, List<SanityCheck> sanity) {
    Map<String, Verdict> v = new LinkedHashMap<>();
    v.put("HD-01.1", hd1(r));
    v.put("HD-01.2", hd2(r));
    v.put("HD-01.3", hd3(r));
    v.put("HD-01.4", hd4(r));
    v.put("HD-01.5", hd5(r));
    v.put("HD-01.6", hd6(r));
    v.put("HD-01.7", hd7(r));
    v.put("HD-01.8", hd8(r));
    v.put("HD-01", overall(r, v, sanity));
    return v;
  }

  /** A little collector of evidence lines and of what is missing. */
  private static final class Ev {
    final List<String> lines = new ArrayList<>();
    boolean missing;

    void add(String line) {
      lines.add(line);
    }

    void missing(String what) {
      missing = true;
      lines.add("MISSING: " + what);
    }

    Verdict verdict(String id, String statement, boolean holds) {
      return new Verdict(
          id,
          statement,
          missing ? Verdict.INCONCLUSIVE : holds ? Verdict.SUPPORTED : Verdict.REFUTED,
          lines);
    }
  }

  static String ms(Double d) {
    return d == null ? "n/a" : String.format(Locale.ROOT, "%.0f ms", d);
  }

  static String pct(Double d) {
    return d == null ? "n/a" : String.format(Locale.ROOT, "%.2f %%", d);
  }

  static String describe(StepResult s) {
    return String.format(
        Locale.ROOT,
        "%s %s %s: p95 %s, p99 %s, errors %s, fallback %s (n=%d)",
        s.spec().arm().label(),
        s.spec().run(),
        s.spec().state().label(),
        ms(s.endToEnd().p95()),
        ms(s.endToEnd().p99()),
        pct(s.errorPct()),
        pct(s.fallbackPct()),
        s.requests());
  }

  static Verdict hd1(Results r) {
    Ev ev = new Ev();
    boolean all = true;
    for (String run : r.runs()) {
      for (Arm arm : List.of(Arm.A, Arm.B, Arm.C)) {
        Optional<StepResult> s = r.walk(run, arm, State.HEALTHY);
        if (s.isEmpty() || s.get().endToEnd().p95() == null) {
          ev.missing(arm.label() + " " + run + " healthy p95 was not measured");
          continue;
        }
        boolean ok =
            s.get().endToEnd().p95() <= StepResult.P95_MS
                && s.get().errorPct() <= StepResult.MAX_ERROR_PCT;
        all &= ok;
        ev.add(
            describe(s.get())
                + (ok ? " → meets p95 ≤ 225 ms" : " → misses p95 ≤ 225 ms or errors > 1 %"));
      }
    }
    if (r.runs().isEmpty()) {
      ev.missing("no state walk was run");
    }
    return ev.verdict("HD-01.1", "Healthy provider: arms A, B and C all meet p95 ≤ 225 ms", all);
  }

  static Verdict hd2(Results r) {
    Ev ev = new Ev();
    boolean cMeets = true;
    boolean othersMiss = true;
    for (String run : r.runs()) {
      for (Arm arm : List.of(Arm.A, Arm.B, Arm.C)) {
        Optional<StepResult> s = r.walk(run, arm, State.DEGRADED);
        if (s.isEmpty() || s.get().meets() == null) {
          ev.missing(arm.label() + " " + run + " degraded was not measured");
          continue;
        }
        boolean meets = s.get().meets();
        if (arm == Arm.C) {
          cMeets &= meets;
        } else {
          othersMiss &= !meets;
        }
        ev.add(
            describe(s.get())
                + (meets ? " → meets" : " → misses")
                + " p95 ≤ 225, p99 ≤ 475, errors ≤ 1 %");
      }
    }
    if (r.runs().isEmpty()) {
      ev.missing("no state walk was run");
    }
    return ev.verdict(
        "HD-01.2",
        "Degraded provider: only arm C meets p95 ≤ 225 ms and p99 ≤ 475 ms",
        cMeets && othersMiss);
  }

  /** Fewest answers per path for HD-01.3's comparison to mean anything. */
  static final int MIN_PATH_SAMPLES = 10;

  /**
   * HD-01.3 compares the typical (median) latency of the two paths: in short steps each path has
   * only tens of answers, where a p95 is one of the slowest few values; the p95s are reported too.
   */
  static Verdict hd3(Results r) {
    Ev ev = new Ev();
    boolean faster = true;
    for (String run : r.runs()) {
      Optional<StepResult> healthy = r.walk(run, Arm.C, State.HEALTHY);
      Optional<StepResult> degraded = r.walk(run, Arm.C, State.DEGRADED);
      Latency cold = healthy.map(StepResult::coldPath).orElse(Latency.EMPTY);
      Latency deg = degraded.map(StepResult::fallbackPath).orElse(Latency.EMPTY);
      if (cold.count() < MIN_PATH_SAMPLES || deg.count() < MIN_PATH_SAMPLES) {
        ev.missing(
            String.format(
                Locale.ROOT,
                "C %s: too few answers to compare (healthy cold path n=%d, degraded path n=%d; %d needed)",
                run,
                cold.count(),
                deg.count(),
                MIN_PATH_SAMPLES));
        continue;
      }
      boolean ok = deg.p50() < cold.p50();
      faster &= ok;
      ev.add(
          String.format(
              Locale.ROOT,
              "C %s: degraded path p50 %s (p95 %s, n=%d) vs healthy cold path p50 %s (p95 %s, n=%d) → %s",
              run,
              ms(deg.p50()),
              ms(deg.p95()),
              deg.count(),
              ms(cold.p50()),
              ms(cold.p95()),
              cold.count(),
              ok ? "faster" : "not faster"));
    }
    if (r.runs().isEmpty()) {
      ev.missing("no state walk was run");
    }
    return ev.verdict(
        "HD-01.3",
        "In arm C the degraded path is faster (median) than the cold path with a healthy provider",
        faster);
  }

  static Verdict hd4(Results r) {
    Ev ev = new Ev();
    List<Double> rates = r.sweepHitRates();
    if (rates.isEmpty()) {
      ev.missing("the hit-rate sweep was not run");
      return ev.verdict("HD-01.4", statement4(), false);
    }
    boolean holdsHigh = true;
    boolean degradesBelow = false;
    boolean anyBelow = false;
    Double minHolding = null;
    for (double h : rates) {
      Optional<StepResult> s = r.sweep(Arm.C, h);
      if (s.isEmpty() || s.get().meets() == null) {
        ev.missing("C at hit rate " + Math.round(h * 100) + " % was not measured");
        continue;
      }
      boolean meets = s.get().meets();
      ev.add(
          String.format(
              Locale.ROOT,
              "C at hit rate %d %% (degraded provider): p95 %s, p99 %s, errors %s → %s",
              Math.round(h * 100),
              ms(s.get().endToEnd().p95()),
              ms(s.get().endToEnd().p99()),
              pct(s.get().errorPct()),
              meets ? "meets" : "misses"));
      if (h >= 0.96 - 1e-9) {
        holdsHigh &= meets;
      } else {
        anyBelow = true;
        degradesBelow |= !meets;
      }
      if (meets) {
        minHolding = minHolding == null ? h : Math.min(minHolding, h);
      }
    }
    ev.add(
        minHolding == null
            ? "no tested hit rate holds the thresholds for C"
            : "lowest tested hit rate at which C holds the thresholds: "
                + Math.round(minHolding * 100)
                + " %");
    if (!anyBelow) {
      ev.missing("no hit rate below 96 % was tested");
    }
    return ev.verdict("HD-01.4", statement4(), holdsHigh && degradesBelow);
  }

  private static String statement4() {
    return "Arm C holds the thresholds at hit rate ≥ 96 %; below that its p99 degrades past them";
  }

  static Verdict hd5(Results r) {
    Ev ev = new Ev();
    List<Integer> rates = r.policyRates();
    if (rates.isEmpty()) {
      ev.missing("the breaker policy test was not run");
      return ev.verdict("HD-01.5", statement5(), false);
    }
    int high = rates.get(0);
    Optional<StepResult> s = r.policy("count", high);
    if (s.isEmpty() || s.get().sacrificedPct() == null) {
      ev.missing("sacrificed share with the count policy at " + high + " req/s was not measured");
      return ev.verdict("HD-01.5", statement5(), false);
    }
    boolean ok = s.get().sacrificedPct() < 1.0;
    ev.add(policyLine(s.get()) + (ok ? " → < 1 %" : " → ≥ 1 %"));
    return ev.verdict("HD-01.5", statement5(), ok);
  }

  private static String statement5() {
    return "Sacrificed requests until the breaker opens are < 1 % of the window at high traffic (count policy, the default)";
  }

  static String policyLine(StepResult s) {
    return String.format(
        Locale.ROOT,
        "%s policy at %d req/s, provider turned unresponsive: %d sacrificed of %d requests (%s), time to open %s",
        s.spec().policy(),
        s.spec().rate(),
        s.sacrificed(),
        s.requestsSinceChange(),
        pct(s.sacrificedPct()),
        s.timeToOpenMs() == null
            ? "n/a (" + s.missing().get("timeToOpenMs") + ")"
            : s.timeToOpenMs() + " ms");
  }

  static Verdict hd6(Results r) {
    Ev ev = new Ev();
    List<Integer> rates = r.policyRates();
    if (rates.size() < 2) {
      ev.missing("the low-traffic policy test was not run");
      return ev.verdict("HD-01.6", statement6(), false);
    }
    int low = rates.get(rates.size() - 1);
    Optional<StepResult> count = r.policy("count", low);
    Optional<StepResult> rate = r.policy("rate", low);
    if (count.isEmpty() || count.get().sacrificedPct() == null) {
      ev.missing("count policy at " + low + " req/s was not measured");
    } else {
      ev.add(policyLine(count.get()));
    }
    if (rate.isEmpty() || rate.get().sacrificedPct() == null) {
      ev.missing("rate policy at " + low + " req/s was not measured");
    } else {
      ev.add(policyLine(rate.get()));
    }
    boolean holds =
        count.isPresent()
            && rate.isPresent()
            && count.get().sacrificedPct() != null
            && rate.get().sacrificedPct() != null
            && count.get().sacrificedPct() >= 1.0
            && rate.get().sacrificedPct() < 1.0;
    return ev.verdict("HD-01.6", statement6(), holds);
  }

  private static String statement6() {
    return "At low traffic the count policy does not keep sacrificed requests < 1 %, the rate policy does";
  }

  static Verdict hd7(Results r) {
    Ev ev = new Ev();
    Optional<StepResult> c = r.stampede(Arm.C);
    Optional<StepResult> cp = r.stampede(Arm.C_PRIME);
    if (c.isEmpty() || c.get().providerCalls() == null) {
      ev.missing("the stampede on arm C was not measured");
    }
    if (cp.isEmpty() || cp.get().providerCalls() == null) {
      ev.missing("the stampede on arm C' was not measured");
    }
    if (ev.missing) {
      return ev.verdict("HD-01.7", statement7(), false);
    }
    StepResult a = c.get();
    StepResult b = cp.get();
    for (StepResult s : List.of(a, b)) {
      ev.add(
          String.format(
              Locale.ROOT,
              "%s: %d concurrent misses on one key → %d provider calls; adapter max in-flight %s of pool %s, %s rejected",
              s.spec().arm().label(),
              s.spec().concurrent(),
              s.providerCalls(),
              s.poolMaxInFlight(),
              s.poolSize(),
              s.rejections()));
    }
    boolean holds =
        a.providerCalls() > 1
            && b.providerCalls() == 1
            && (a.poolMaxInFlight() > b.poolMaxInFlight() || a.rejections() > b.rejections());
    return ev.verdict("HD-01.7", statement7(), holds);
  }

  private static String statement7() {
    return "Without coalescing, concurrent misses on one key make > 1 provider call and load the pool more than with coalescing";
  }

  static Verdict hd8(Results r) {
    Ev ev = new Ev();
    boolean holds = true;
    for (String run : r.runs()) {
      for (Arm arm : List.of(Arm.C, Arm.C_PRIME)) {
        Optional<StepResult> s = r.walk(run, arm, State.RECOVERY);
        if (s.isEmpty()) {
          ev.missing(arm.label() + " " + run + " recovery was not run");
          continue;
        }
        StepResult x = s.get();
        int peak =
            x.timeline().stream()
                .map(TimelinePoint::inFlight)
                .filter(java.util.Objects::nonNull)
                .mapToInt(Integer::intValue)
                .max()
                .orElse(-1);
        boolean closed = x.closedAfterMs() != null;
        boolean fast = x.recoveryMs() != null && x.recoveryMs() <= 60_000;
        boolean noStampede =
            x.rejections() != null
                && x.rejections() == 0
                && x.poolSize() != null
                && peak < x.poolSize();
        holds &= closed && fast && noStampede;
        ev.add(
            String.format(
                Locale.ROOT,
                "%s %s recovery: breaker closed after %s, fallback < 5 %% after %s, peak in-flight %s of pool %s, %s rejected → %s",
                arm.label(),
                run,
                x.closedAfterMs() == null ? "never (in the step)" : x.closedAfterMs() + " ms",
                x.recoveryMs() == null ? "never (in the step)" : x.recoveryMs() + " ms",
                peak < 0 ? "n/a" : Integer.toString(peak),
                x.poolSize(),
                x.rejections(),
                closed && fast && noStampede ? "recovered" : "did not recover cleanly"));
      }
    }
    if (r.runs().isEmpty()) {
      ev.missing("no state walk was run");
    }
    return ev.verdict(
        "HD-01.8",
        "On recovery the breaker closes and the fallback share drops below 5 % within 60 s, with no stampede",
        holds);
  }

  static Verdict overall(Results r, Map<String, Verdict> v, List<SanityCheck> sanity) {
    Ev ev = new Ev();
    boolean cHolds = true;
    boolean refute = false;
    for (String run : r.runs()) {
      for (State st : List.of(State.HEALTHY, State.DEGRADED, State.UNRESPONSIVE)) {
        Optional<StepResult> s = r.walk(run, Arm.C, st);
        if (s.isEmpty() || s.get().meets() == null) {
          ev.missing("C " + run + " " + st.label() + " was not measured");
          continue;
        }
        boolean meets = s.get().meets();
        cHolds &= meets;
        boolean fallbackOk =
            s.get().fallbackPct() != null && s.get().fallbackPct() <= ACCEPTABLE_FALLBACK_PCT;
        if (st != State.HEALTHY && (!meets || !fallbackOk)) {
          refute = true;
        }
        ev.add(
            describe(s.get())
                + (meets ? " → meets" : " → misses")
                + (fallbackOk
                    ? ""
                    : " (fallback share above the assumed acceptable "
                        + ACCEPTABLE_FALLBACK_PCT
                        + " %)"));
      }
    }
    ev.add("HD-01.5 is " + v.get("HD-01.5").verdict());
    ev.add("HD-01.4 (minimum hit rate quantified) is " + v.get("HD-01.4").verdict());
    boolean stampede =
        v.get("HD-01.8").evidence().stream().anyMatch(l -> l.contains("did not recover cleanly"));
    if (stampede) {
      ev.add("recovery did not recover cleanly (HD-01.8)");
      refute = true;
    }
    Set<String> invalid =
        sanity.stream().filter(c -> !c.passed()).map(SanityCheck::run).collect(Collectors.toSet());
    if (!invalid.isEmpty()) {
      ev.add("runs invalidated by sanity checks: " + String.join(", ", invalid));
    }
    String statement =
        "Arm C keeps p95 ≤ 225 ms and p99 ≤ 475 ms with the provider healthy, degraded and unresponsive, in every run";
    String verdict;
    if (refute && !ev.missing) {
      verdict = Verdict.REFUTED;
    } else if (!ev.missing
        && invalid.isEmpty()
        && cHolds
        && v.get("HD-01.5").verdict().equals(Verdict.SUPPORTED)
        && !v.get("HD-01.4").verdict().equals(Verdict.INCONCLUSIVE)) {
      verdict = Verdict.SUPPORTED;
    } else {
      verdict = Verdict.INCONCLUSIVE;
    }
    return new Verdict("HD-01", statement, verdict, ev.lines);
  }
}
