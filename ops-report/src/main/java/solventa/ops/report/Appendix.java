package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.BreakerTransition;
import solventa.ops.analysis.figures.NodeFigures;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.report.Report.Bullets;
import solventa.ops.report.Report.Table;

/**
 * The appendix's detail: the sanity checks, every step's figures, each node's, the environment and
 * Gatling's own reports (linked only when they are beside the report).
 */
final class Appendix extends ReportSection {
  Appendix(ReportSection report) {
    super(report);
  }

  void sanity() {
    h(2, "Sanity checks");
    List<List<String>> rows = new ArrayList<>();
    for (SanityCheck c : e.sanity()) {
      rows.add(
          List.of(
              c.run(), c.name(), c.passed() ? "passed" : "FAILED — run invalidated", c.detail()));
    }
    if (rows.isEmpty()) {
      p("— (no run completed, so no sanity check ran)");
    } else {
      blocks.add(new Table(List.of("Run", "Check", "Result", "Detail"), rows));
    }
    h(3, "Invalidations");
    List<String> inv = new ArrayList<>();
    for (StepResult s : e.steps()) {
      for (String reason : s.invalidations()) {
        inv.add(s.spec().id() + ": " + reason + (s.valid() ? " (re-run valid)" : ""));
      }
    }
    if (inv.isEmpty()) {
      p("None: every step passed its checks at the first attempt.");
    } else {
      blocks.add(new Bullets(inv));
    }
    List<String> off = new ArrayList<>();
    for (StepResult s : e.steps()) {
      if (Boolean.TRUE.equals(s.hitRateOff())) {
        off.add(s.spec().id() + ": measured hit rate " + hitCell(s));
      }
    }
    h(3, "Hit rate off target by more than 1.5 points");
    p(
        "A sweep step this far off is invalid (its hit rate is the sweep's controlled variable); a"
            + " walk step's is shown, not invalidated: its population drains while the provider"
            + " fails.");
    if (off.isEmpty()) {
      p("None.");
    } else {
      blocks.add(new Bullets(off));
    }
  }

  void walkDetail() {
    h(2, "Every step in detail");
    List<List<String>> rows = new ArrayList<>();
    for (StepResult s : e.steps()) {
      rows.add(walkRow(s));
    }
    p(
        "Rate: target (achieved over the window). Latency: p50 / p95 / p99 / max at the generator; internal: the"
            + " node's own p95 / p99. Fallback: STALE % / DEFAULT %. Age: data age p50 / p95 (ms). Pool: the most"
            + " adapter calls in flight sampled during the step / pool size, and bulkhead rejections in the step."
            + " Sched. lag: the generator's schedule lag p99; node worst s: the highest per-second p99 of the node's"
            + " own service time.");
    blocks.add(
        new Table(
            List.of(
                "Step",
                "Rate req/s",
                "n",
                "Latency ms",
                "Internal ms",
                "Error %",
                "Fallback %",
                "Age ms",
                "Sacrificed",
                "Time to open ms",
                "Calls/miss",
                "Pool",
                "Double lag p99 ms",
                "Sched. lag p99 ms",
                "Node worst s p99 ms",
                "Hit %",
                "Valid"),
            rows));
  }

  /** One step's row of "Every step in detail". */
  private static List<String> walkRow(StepResult s) {
    return List.of(
        s.spec().id(),
        s.spec().rate()
            + " ("
            + (s.achievedRate() == null
                ? "—"
                : String.format(Locale.ROOT, "%.1f", s.achievedRate()))
            + ")",
        Long.toString(s.requests()),
        cell(ms(s.endToEnd().p50()), why(s, "endToEnd"))
            + " / "
            + cell(ms(s.endToEnd().p95()), why(s, "endToEnd"))
            + " / "
            + cell(ms(s.endToEnd().p99()), why(s, "endToEnd"))
            + " / "
            + cell(ms(s.endToEnd().max()), why(s, "endToEnd")),
        cell(ms(s.internal().p95()), why(s, "internal"))
            + " / "
            + cell(ms(s.internal().p99()), why(s, "internal")),
        cell(pct(s.errorPct()), why(s, "errorPct")),
        cell(pct(s.stalePct()), why(s, "fallbackPct"))
            + " / "
            + cell(pct(s.defaultPct()), why(s, "fallbackPct")),
        cell(ms(s.ageP50()), why(s, "ageP50")) + " / " + cell(ms(s.ageP95()), why(s, "ageP50")),
        s.sacrificed() == null
            ? cell(null, why(s, "sacrificed"))
            : s.sacrificed() + " (" + cell(pct(s.sacrificedPct()), why(s, "sacrificedPct")) + " %)",
        cell(s.timeToOpenMs() == null ? null : s.timeToOpenMs().toString(), why(s, "timeToOpenMs")),
        cell(
            s.providerCallsPerMiss() == null
                ? null
                : String.format(Locale.ROOT, "%.2f", s.providerCallsPerMiss()),
            why(s, "providerCallsPerMiss")),
        s.poolMaxInFlight() == null
            ? cell(null, why(s, "poolMaxInFlight"))
            : s.poolMaxInFlight() + "/" + s.poolSize() + ", " + s.rejections() + " rej.",
        cell(
            s.doubleLagP99() == null ? null : String.format(Locale.ROOT, "%.1f", s.doubleLagP99()),
            why(s, "doubleLagP99")),
        cell(ms(s.scheduleLagP99Ms()), why(s, "scheduleLagP99Ms")),
        cell(ms(s.nodeWorstSecondP99Ms()), why(s, "nodeWorstSecondP99Ms")),
        s.spec().arm().caches() ? hitCell(s) : "n/a",
        s.valid() ? (s.attempts() > 1 ? "valid (re-run)" : "valid") : "INVALID");
  }

  /** Each member's own figures per step, when the experiment ran on several nodes. */
  void perNode() {
    if (e.nodeCount() == 1) {
      return;
    }
    h(2, "Per node");
    p(
        "Each cluster member's own figures per step. In the tables above, counts add up over the"
            + " nodes (quotes, provider calls, cache misses, sacrificed, rejections), the pool is the"
            + " busiest node's (most in flight on one node's pool / one node's pool size), \"node"
            + " worst s\" is the worst second of any node (the stall check applies to every node),"
            + " and the node's own percentiles are shown only here: they do not merge into one."
            + breakersNote()
            + " Requests: sent by the generator to that node's quote API in the window; quotes:"
            + " answered by the node (its own counter).");
    List<List<String>> rows = new ArrayList<>();
    for (StepResult s : e.steps()) {
      for (NodeFigures n : s.nodes()) {
        List<String> tr = new ArrayList<>();
        for (BreakerTransition t : n.transitions()) {
          tr.add(
              t.from()
                  + "→"
                  + t.to()
                  + String.format(Locale.ROOT, " %+.1f s", (t.atMs() - s.changeMs()) / 1000.0));
        }
        rows.add(
            List.of(
                s.spec().id(),
                n.node(),
                Long.toString(n.requests()),
                n.quotes() == null ? cell(null, "node stats unavailable") : n.quotes().toString(),
                cell(ms(n.internal().p95()), "no quote on this node")
                    + " / "
                    + cell(ms(n.internal().p99()), "no quote on this node"),
                cell(ms(n.worstSecondP99Ms()), "no per-second reading"),
                n.poolMaxInFlight() == null
                    ? cell(null, "no adapter snapshot")
                    : n.poolMaxInFlight() + "/" + n.poolSize() + ", " + n.rejections() + " rej.",
                n.providerCalls() == null ? "—" : n.providerCalls().toString(),
                tr.isEmpty() ? "none" : String.join("; ", tr)));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Step",
                "Node",
                "Requests",
                "Quotes",
                "Internal p95 / p99 ms",
                "Worst s p99 ms",
                "Pool",
                "Provider calls",
                "Breaker transitions (s from the change)"),
            rows));
  }

  void environment() {
    h(2, "Environment");
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<String, String> en : e.environment().entrySet()) {
      rows.add(List.of(en.getKey(), en.getValue()));
    }
    blocks.add(new Table(List.of("Item", "Value"), rows));
  }

  void gatlingLinks() {
    h(2, "Gatling reports");
    List<String> items = new ArrayList<>();
    int absent = 0;
    for (StepResult s : e.steps()) {
      if (s.gatlingReport() != null) {
        if (present.test(s.gatlingReport())) {
          items.add("[" + s.spec().id() + "](" + s.gatlingReport() + ")");
        } else {
          absent++;
        }
      }
    }
    if (absent > 0) {
      p(
          "— ("
              + absent
              + " Gatling HTML reports were written in the run's own folder, under gatling/, and"
              + " are not in this copy of it; a run of the experiment writes them again)");
    }
    if (!items.isEmpty()) {
      blocks.add(new Bullets(items));
    } else if (absent == 0) {
      p("— (none: profile " + e.profile() + " runs Gatling without its HTML reports to save time)");
    }
  }
}
