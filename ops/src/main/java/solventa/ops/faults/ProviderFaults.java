package solventa.ops.faults;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/**
 * The provider's states as faults (the card's failure model), on one node of arm C' (C with per-key
 * coalescing: the design under test) at the card's peak rate: every state but healthy under load
 * for {@value #FAULT_SEC} s, then healthy again (recovery: the toxics removed at once and the
 * double degraded for a {@value #RECOVERY_WINDOW_SEC} s window, then healthy). Arm C' answers every
 * quote within its budget, from the provider or from its fallback, so every answer must be a 200
 * and no last known value may be lost.
 */
final class ProviderFaults implements FaultScenario {
  static final int RATE = 200;
  static final int CUSTOMERS = 300;
  static final int BEFORE_SEC = 5;
  static final int FAULT_SEC = 20;
  static final int AFTER_SEC = 10;
  static final int RECOVERY_WINDOW_SEC = 5;

  @Override
  public String name() {
    return "provider";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) throws Exception {
    NodeGroup node = ctx.freshNodes(BenchArm.C_PRIME, 1);
    List<String> customers = FaultContext.customers(0, CUSTOMERS);
    int seeded = ctx.seedValues(node.first(), customers);
    ctx.say("provider: %d of %d customers' values stored", seeded, CUSTOMERS);
    List<FaultRow> rows = new ArrayList<>();
    for (ProviderState state :
        List.of(
            ProviderState.SLOW,
            ProviderState.DEGRADED,
            ProviderState.UNRESPONSIVE,
            ProviderState.DOWN)) {
      rows.add(state(ctx, node, customers, state));
    }
    return rows;
  }

  private static FaultRow state(
      FaultContext ctx, NodeGroup node, List<String> customers, ProviderState state)
      throws Exception {
    String fault = "provider " + state.name().toLowerCase(Locale.ROOT);
    String injected =
        "ProviderStateControl "
            + state
            + " under "
            + RATE
            + " req/s of arm C' over "
            + CUSTOMERS
            + " known customers; then RECOVERY (toxics off, double degraded for "
            + RECOVERY_WINDOW_SEC
            + " s, then healthy)";
    String expected = "every answer a 200 (fallback within the budget); no value lost";
    try (LostValues store = ctx.store()) {
      ctx.clear();
      Map<String, Instant> before = store.read(customers);
      FaultWindow.Outcome o =
          FaultWindow.run(
              node::baseUrls,
              customers,
              RATE,
              BEFORE_SEC,
              FAULT_SEC,
              AFTER_SEC,
              ctx.seed(),
              () -> ctx.lab().control().apply(state),
              () ->
                  ctx.lab()
                      .control()
                      .apply(ProviderState.RECOVERY, Duration.ofSeconds(RECOVERY_WINDOW_SEC)));
      long lost = LostValues.lost(before, store.read(customers));
      FaultLoad.Result r = o.load();
      // the provider's answers back: the first FRESH answer to a quote sent after the fault's end
      long freshAgainMs =
          r.sent().stream()
                  .filter(s -> s.sentMs() >= o.faultEndMs() && s.origin().equals("FRESH"))
                  .mapToLong(FaultLoad.Sent::answeredMs)
                  .min()
                  .orElse(o.faultEndMs() - 1)
              - o.faultEndMs();
      String measured =
          r.summary()
              + String.format(Locale.ROOT, "; %d values before, %d lost; ", before.size(), lost)
              + (freshAgainMs < 0
                  ? "no FRESH answer in the " + AFTER_SEC + " s after the fault"
                  : String.format(
                      Locale.ROOT,
                      "the first FRESH answer %.1f s after the fault's end",
                      freshAgainMs / 1000.0));
      return new FaultRow(
          fault,
          injected,
          o.faultSec(),
          r.requests(),
          r.errors(),
          lost,
          o.recoverSec(),
          expected,
          measured,
          r.errors() == 0 && lost == 0);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }
}
