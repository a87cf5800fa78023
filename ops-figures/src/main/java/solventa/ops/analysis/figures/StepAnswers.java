package solventa.ops.analysis.figures;

import static solventa.ops.analysis.figures.StepAnalyzer.pct;

import java.util.List;
import java.util.Map;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.StepAnalyzer.Inputs;
import solventa.ops.analysis.figures.StepAnalyzer.Window;
import solventa.ops.protocol.StepKind;
import solventa.signals.Origin;

/** What the generator saw in the window: rate, latencies by path, shares by origin, data ages. */
record StepAnswers(
    Double achievedRate,
    Latency endToEnd,
    Latency cold,
    Latency fallback,
    Double errorPct,
    Double stalePct,
    Double defaultPct,
    Double fallbackPct,
    Latency ages,
    Double hitPct) {
  static StepAnswers of(Inputs in, Window w, Map<String, String> missing) {
    List<RequestRecord> window = w.window();
    long n = window.size();
    double windowSec = Math.max(0.001, (in.endMs() - in.windowStartMs()) / 1000.0);
    Double achieved = in.spec().kind() == StepKind.STAMPEDE ? null : n / windowSec;
    if (achieved == null) {
      missing.put("achievedRate", "the stampede sends one burst, not a rate");
    }
    Latency e2e = Latency.of(window.stream().map(RequestRecord::latencyMs).toList());
    Latency cold =
        Latency.of(
            window.stream()
                .filter(r -> r.ok() && !r.is(Origin.CACHED))
                .map(RequestRecord::latencyMs)
                .toList());
    Latency fb =
        Latency.of(
            window.stream().filter(RequestRecord::fallback).map(RequestRecord::latencyMs).toList());
    if (n == 0) {
      missing.put("endToEnd", "no request was sent in the window");
    }
    if (cold.count() == 0) {
      missing.put("coldPath", "no answer in the window missed the cache");
    }
    if (fb.count() == 0) {
      missing.put("fallbackPath", "no answer in the window was priced on a fallback");
    }
    Double errorPct = pct(window.stream().filter(r -> !r.ok()).count(), n);
    Double stalePct = share(window, Origin.STALE);
    Double defaultPct = share(window, Origin.DEFAULT);
    Double fallbackPct = stalePct == null ? null : stalePct + defaultPct;
    if (n == 0) {
      missing.put("errorPct", "no request in the window");
      missing.put("fallbackPct", "no request in the window");
    }
    Latency ages =
        Latency.of(window.stream().filter(r -> r.ageMs() >= 0).map(RequestRecord::ageMs).toList());
    if (ages.count() == 0) {
      missing.put("ageP50", "no priced answer carried a data age");
    }
    return new StepAnswers(
        achieved,
        e2e,
        cold,
        fb,
        errorPct,
        stalePct,
        defaultPct,
        fallbackPct,
        ages,
        share(window, Origin.CACHED));
  }

  private static Double share(List<RequestRecord> window, Origin o) {
    return pct(window.stream().filter(r -> r.is(o)).count(), window.size());
  }
}
