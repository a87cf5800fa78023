package solventa.ops.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.faults.OverloadVerdict.Figures;
import solventa.ops.faults.OverloadVerdict.Step;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;

/**
 * The overload rows: one fresh node of arm A (no cache: every quote is the provider's), provider
 * healthy. The sustainable rate S is measured first ({@value #STEP_SEC} s steps at {@link #STEPS}
 * req/s, stopping at the first that fails: S is the highest with no error and p99 within the
 * budget), then for each multiple N: N×S for {@value #OVERLOAD_SEC} s, then S for {@value
 * #AFTER_SEC} s. A shed quote must be a fast 503 with {@code Retry-After}, an accepted one within
 * the budget, nothing else, and S served without error again within 5 s.
 */
final class OverloadRows {
  static final List<Integer> STEPS = List.of(50, 100, 200, 300, 400);
  static final int STEP_SEC = 6;
  static final int WARMUP_RATE = 50;
  static final int WARMUP_SEC = 10;
  static final int OVERLOAD_SEC = 10;
  static final int AFTER_SEC = 15;
  static final int PAUSE_MS = 2_000;
  static final int CUSTOMERS = 300;
  static final List<Integer> MULTIPLES = List.of(3, 5);

  private OverloadRows() {}

  static String fault(int multiple) {
    return "overload at " + multiple + "x the sustainable rate";
  }

  static String expected() {
    return "shed answers 503 with Retry-After, shed p99 <= "
        + OverloadVerdict.SHED_P99_MS
        + " ms; accepted p99 <= "
        + OverloadVerdict.ACCEPTED_P99_MS
        + " ms; no other status, none unanswered; the sustainable rate served with 0 errors"
        + " within "
        + (int) OverloadVerdict.RECOVER_SEC
        + " s of the overload's end";
  }

  static List<FaultRow> run(FaultContext ctx) {
    String pending = "arm A at Nx the sustainable rate (not measured)";
    try {
      NodeGroup node = ctx.freshNodes(BenchArm.A, 1);
      ctx.clear();
      String url = node.first().baseUrl();
      List<String> customers = FaultContext.customers(17_000, CUSTOMERS);
      FaultLoad.start(
              WARMUP_RATE,
              Duration.ofSeconds(WARMUP_SEC),
              () -> List.of(url),
              customers,
              ctx.seed())
          .await();
      List<Step> steps = new ArrayList<>();
      for (int rate : STEPS) {
        Thread.sleep(PAUSE_MS);
        Step s =
            Step.of(
                FaultLoad.start(
                        rate,
                        Duration.ofSeconds(STEP_SEC),
                        () -> List.of(url),
                        customers,
                        ctx.seed())
                    .await());
        steps.add(s);
        ctx.say("abuse: search %s", s);
        if (!s.sustainable()) {
          break;
        }
      }
      int sustainable = OverloadVerdict.sustainable(steps);
      String search = "search " + steps + ", load average " + loadAverage();
      if (sustainable == 0) {
        return MULTIPLES.stream()
            .map(
                m ->
                    FaultRow.notRun(
                        fault(m),
                        pending,
                        expected(),
                        "no sustainable rate on this machine now ("
                            + search
                            + ")"
                            + (steps.get(steps.size() - 1).keptUp()
                                ? ""
                                : "; the generator itself could not keep up in that step: the"
                                    + " machine was too busy to measure the node")))
            .toList();
      }
      List<FaultRow> rows = new ArrayList<>();
      for (int m : MULTIPLES) {
        Thread.sleep(PAUSE_MS);
        rows.add(multiple(ctx, url, customers, sustainable, m, search));
      }
      return rows;
    } catch (Exception e) {
      return MULTIPLES.stream()
          .map(m -> FaultRow.failed(fault(m), pending, expected(), e))
          .toList();
    }
  }

  /** The machine's 1-minute load average ({@code /proc/loadavg}), "?" where unreadable. */
  static String loadAverage() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0]
          + " on "
          + Runtime.getRuntime().availableProcessors()
          + " cores";
    } catch (java.io.IOException | RuntimeException e) {
      return "?";
    }
  }

  private static FaultRow multiple(
      FaultContext ctx, String url, List<String> customers, int s, int m, String search) {
    String injected =
        String.format(
            Locale.ROOT,
            "arm A at %dx the sustainable rate (%d req/s measured): %d req/s for %d s, then %d req/s"
                + " for %d s; %d customers, provider healthy",
            m,
            s,
            m * s,
            OVERLOAD_SEC,
            s,
            AFTER_SEC,
            CUSTOMERS);
    try {
      FaultLoadResult r =
          FaultLoad.schedule(
                  List.of(
                      FaultLoad.Phase.of(m * s, OVERLOAD_SEC), FaultLoad.Phase.of(s, AFTER_SEC)),
                  () -> List.of(url),
                  customers,
                  ctx.seed() + m)
              .await();
      Figures f = OverloadVerdict.figures(r);
      String measured =
          String.format(
              Locale.ROOT,
              "%d quotes; shed %d (%.1f %%), %d of them without Retry-After, shed p99 %d ms;"
                  + " overload phase: %d of %d accepted, accepted p99 %d ms; errors %d%s%s;"
                  + " after: %d non-200 answers, the last %.1f s after the overload; %s; %s",
              f.requests(),
              f.shed(),
              f.shedPct(),
              f.shedWithoutRetryAfter(),
              f.shedP99Ms(),
              f.accepted(),
              f.overloadRequests(),
              f.acceptedP99Ms(),
              f.errors(),
              f.otherStatuses().isEmpty() ? "" : " by status " + f.otherStatuses(),
              f.noAnswer().isEmpty() ? "" : " (no answer: " + f.noAnswer() + ")",
              f.recoveryErrors(),
              f.recoverSec(),
              OverloadVerdict.generator(r),
              search);
      return new FaultRow(
          fault(m),
          injected,
          (double) OVERLOAD_SEC,
          f.requests(),
          f.errors(),
          null,
          f.recoverSec(),
          expected(),
          measured,
          f.holds());
    } catch (Exception e) {
      return FaultRow.failed(fault(m), injected, expected(), e);
    }
  }
}
