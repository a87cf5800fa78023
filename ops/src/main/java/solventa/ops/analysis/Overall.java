package solventa.ops.analysis;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import solventa.gatling.Acceptance;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/**
 * HD-01, the card's rule: C meets the thresholds healthy, degraded and unresponsive in every run;
 * HD-01.5 is supported; the minimum hit rate is quantified; no run is invalidated. Provisional with
 * fewer than {@link VerdictRules#REQUIRED_RUNS} runs.
 */
public final class Overall implements Hypothesis {
  @Override
  public String id() {
    return "HD-01";
  }

  @Override
  public String statement() {
    return "Arm C keeps "
        + Acceptance.p95()
        + " and "
        + Acceptance.p99()
        + " ("
        + Acceptance.errors()
        + ") with the provider healthy,"
        + " degraded and unresponsive in every run, sacrificing < 1 % at high traffic, with the"
        + " minimum hit rate quantified";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    List<String> runs = in.results().runs();
    for (ProviderState st :
        List.of(ProviderState.HEALTHY, ProviderState.DEGRADED, ProviderState.UNRESPONSIVE)) {
      ev.eachUsableWalk(
          in,
          List.of(BenchArm.C),
          st,
          s -> {
            if (s.meets()) {
              ev.add(Evidence.describe(s) + " → meets");
            } else {
              ev.refute(Evidence.describe(s) + " → misses " + Evidence.thresholds());
            }
          });
    }
    Verdict hd5 = in.earlier().get("HD-01.5");
    if (hd5 == null || hd5.verdict().equals(Verdict.INCONCLUSIVE)) {
      ev.inconclusive("HD-01.5 is inconclusive");
    } else if (hd5.verdict().equals(Verdict.REFUTED)) {
      ev.refute("HD-01.5 is refuted");
    } else {
      ev.add("HD-01.5 is supported");
    }
    Evidence scratch = new Evidence();
    List<SweepPoint> points = MinimumHitRate.points(in, scratch);
    if (points == null) {
      ev.inconclusive("the minimum hit rate is not quantified (HD-01.4's steps are not usable)");
    } else {
      ev.add(MinimumHitRate.limit(points).orElse("minimum hit rate: n/a"));
    }
    Set<String> invalid =
        in.sanity().stream()
            .filter(c -> !c.passed())
            .map(SanityCheck::run)
            .collect(Collectors.toCollection(java.util.TreeSet::new));
    if (!invalid.isEmpty()) {
      ev.inconclusive("runs invalidated by sanity checks: " + String.join(", ", invalid));
    }
    boolean provisional = runs.size() < in.rules().requiredRuns();
    if (provisional) {
      ev.add(
          "provisional: "
              + runs.size()
              + " run(s); the card requires "
              + in.rules().requiredRuns());
    }
    Verdict v = ev.verdict(this);
    return new Verdict(v.id(), v.statement(), v.verdict(), v.evidence(), provisional);
  }
}
