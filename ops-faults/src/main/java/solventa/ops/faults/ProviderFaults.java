package solventa.ops.faults;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.BodyMode;
import solventa.providerdouble.control.ProviderStateControl;
import solventa.vocabulary.ProviderState;

/**
 * The provider's states as faults (the card's failure model), on one node of arm C' (C with per-key
 * coalescing: the design under test) at the card's peak rate: every state but healthy under load
 * for {@value #FAULT_SEC} s, then healthy again (recovery: the toxics removed at once and the
 * double degraded for a {@value #RECOVERY_WINDOW_SEC} s window, then healthy). Arm C' answers every
 * quote within its budget, from the provider or from its fallback, so every answer must be a 200
 * and no last known value may be lost.
 *
 * <p>Then the provider faults the card leaves out, on one node of arm C, each for {@value
 * #FAULT_SEC} s and then removed (toxics off, double healthy, contract body, no errors): 429s with
 * {@code Retry-After}, truncated bodies ({@code limit_data}), slow bodies ({@code slicer}), a
 * well-formed body of another schema ({@code data} an array, or an object without the signals the
 * rating needs), and a provider flapping between healthy and degraded. Each must keep C within its
 * thresholds ({@link #holds}); no quote sent during a wrong-schema row may be answered FRESH.
 */
final class ProviderFaults implements FaultScenario {
  static final int RATE = 200;
  static final int CUSTOMERS = 300;
  static final int BEFORE_SEC = 5;
  static final int FAULT_SEC = 20;
  static final int AFTER_SEC = 10;
  static final int RECOVERY_WINDOW_SEC = 5;

  /** The quote budget's p99 bound on every answer of an uncovered-fault row (the card's), ms. */
  static final long P99_BOUND_MS = OverloadVerdict.ACCEPTED_P99_MS;

  /** Errors an uncovered-fault row tolerates, % of its quotes. */
  static final double MAX_ERROR_PCT = 1.0;

  /**
   * A FRESH answer must come back within this after the fault's end, s: the breaker's 5 s reset
   * timeout, its probe, and a refresh.
   */
  static final int FRESH_AGAIN_BOUND_SEC = 8;

  /** 429s with Retry-After: the share of calls throttled, and the header's seconds. */
  static final double THROTTLED_SHARE = 0.5;

  static final int RETRY_AFTER_SEC = 2;

  /** Bytes per connection before limit_data cuts it: headers pass, no 1–4 KB body does. */
  static final long TRUNCATE_AFTER_BYTES = 600;

  /** Slicer: 64-byte slices 20 ms apart, ~3.2 KB/s: a 1–4 KB answer takes 0.4–1.4 s. */
  static final long SLICE_BYTES = 64;

  static final long SLICE_DELAY_MICROS = 20_000;

  /** Flapping: healthy and degraded alternate this often, s. */
  static final int FLAP_SEC = 3;

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
    NodeGroup c = ctx.freshNodes(BenchArm.C, 1);
    ctx.say(
        "provider (arm C): %d of %d customers' values stored",
        ctx.seedValues(c.first(), customers), CUSTOMERS);
    for (Uncovered f : uncovered(ctx.lab().control())) {
      rows.add(uncovered(ctx, c, customers, f));
    }
    return rows;
  }

  /**
   * A fault the card leaves out: its name, how it is made, and its injection. {@code noFresh}: the
   * provider's answers carry nothing a quote may price as the customer's own, so no quote sent
   * while it lasts may be answered FRESH (a silent wrong price is worse than a fallback).
   */
  record Uncovered(String fault, String injected, FaultWindow.Action inject, boolean noFresh) {
    Uncovered(String fault, String injected, FaultWindow.Action inject) {
      this(fault, injected, inject, false);
    }
  }

  static List<Uncovered> uncovered(ProviderStateControl control) {
    return List.of(
        new Uncovered(
            "provider throttling (429 + Retry-After)",
            String.format(
                Locale.ROOT,
                "the double answers %.0f %% of calls 429 with Retry-After: %d",
                THROTTLED_SHARE * 100,
                RETRY_AFTER_SEC),
            () -> control.setErrors(THROTTLED_SHARE, 0, 0, RETRY_AFTER_SEC)),
        new Uncovered(
            "provider truncated body",
            "Toxiproxy limit_data downstream: each connection closed after "
                + TRUNCATE_AFTER_BYTES
                + " bytes (a 200's headers, a cut body)",
            () -> control.truncateBodies(TRUNCATE_AFTER_BYTES)),
        new Uncovered(
            "provider slow body",
            "Toxiproxy slicer downstream: "
                + SLICE_BYTES
                + "-byte slices "
                + SLICE_DELAY_MICROS / 1000
                + " ms apart",
            () -> control.dripBodies(SLICE_BYTES, SLICE_DELAY_MICROS)),
        new Uncovered(
            "provider wrong schema",
            "the double's 200s carry well-formed JSON of another schema (PUT /admin/body"
                + " wrong-schema: data an array)",
            () -> control.setBody(BodyMode.WRONG_SCHEMA),
            true),
        new Uncovered(
            "provider wrong schema, data an object",
            "the double's 200s carry well-formed JSON of another schema that keeps data an object"
                + " (PUT /admin/body renamed-sections: qualification, financialRelation and"
                + " balances under other names, so no signal the rating needs)",
            () -> control.setBody(BodyMode.RENAMED_SECTIONS),
            true),
        new Uncovered(
            "provider flapping (gray)",
            "ProviderStateControl HEALTHY and DEGRADED alternating every " + FLAP_SEC + " s",
            null));
  }

  /**
   * Whether an uncovered-fault row holds: errors at most {@link #MAX_ERROR_PCT} % of its quotes,
   * p99 within {@link #P99_BOUND_MS}, no value lost, and a FRESH answer within {@link
   * #FRESH_AGAIN_BOUND_SEC} of the fault's end ({@code freshAgainMs} < 0: none came).
   */
  static boolean holds(long requests, long errors, long p99Ms, long lost, long freshAgainMs) {
    return holds(requests, errors, p99Ms, lost, freshAgainMs, 0);
  }

  /**
   * As {@link #holds(long, long, long, long, long)}, and no FRESH answer to a quote sent during a
   * fault whose answers carry nothing to price ({@code freshDuring}: those answers).
   */
  static boolean holds(
      long requests, long errors, long p99Ms, long lost, long freshAgainMs, long freshDuring) {
    return freshDuring == 0
        && requests > 0
        && errors * 100.0 <= MAX_ERROR_PCT * requests
        && p99Ms <= P99_BOUND_MS
        && lost == 0
        && freshAgainMs >= 0
        && freshAgainMs <= FRESH_AGAIN_BOUND_SEC * 1000L;
  }

  private static FaultRow uncovered(
      FaultContext ctx, NodeGroup node, List<String> customers, Uncovered f) throws Exception {
    ProviderStateControl control = ctx.lab().control();
    String injected =
        f.injected()
            + " under "
            + RATE
            + " req/s of arm C over "
            + CUSTOMERS
            + " known customers; then removed (toxics off, double healthy, contract body, no"
            + " errors)";
    String expected =
        String.format(
                Locale.ROOT,
                "errors ≤ %.0f %%, p99 ≤ %d ms; no value lost; a FRESH answer within %d s of the"
                    + " fault's end",
                MAX_ERROR_PCT,
                P99_BOUND_MS,
                FRESH_AGAIN_BOUND_SEC)
            + (f.noFresh()
                ? "; no FRESH answer to a quote sent during the fault (nothing to price on)"
                : "");
    Flapper flapper = new Flapper(control, FAULT_SEC / FLAP_SEC + 2);
    FaultWindow.Action inject = f.inject() == null ? flapper::start : f.inject();
    FaultWindow.Action remove =
        () -> {
          flapper.stop();
          control.setErrors(0, 0, 0);
          control.setBody(BodyMode.CONTRACT);
          control.apply(ProviderState.HEALTHY);
        };
    try {
      Measured m = measure(ctx, node, customers, inject, remove);
      FaultWindow.Outcome o = m.outcome();
      long lost = m.lost();
      FaultLoadResult r = o.load();
      long freshAgainMs = freshAgainMs(r, o.faultEndMs());
      long p99 = r.latencyQuantile(0.99, r.startMs(), Long.MAX_VALUE);
      long during =
          r.count(
              s ->
                  s.status() == 200
                      && s.sentMs() >= o.faultStartMs()
                      && s.sentMs() < o.faultEndMs());
      long freshDuring =
          f.noFresh()
              ? r.count(
                  s ->
                      s.status() == 200
                          && s.sentMs() >= o.faultStartMs()
                          && s.sentMs() < o.faultEndMs()
                          && s.origin().equals("FRESH"))
              : 0;
      long fallback =
          r.count(
              s ->
                  s.status() == 200
                      && s.sentMs() >= o.faultStartMs()
                      && s.sentMs() < o.faultEndMs()
                      && (s.origin().equals("STALE") || s.origin().equals("DEFAULT")));
      String measured =
          r.summary()
              + String.format(
                  Locale.ROOT,
                  "; p99 %d ms; fallback (STALE or DEFAULT) %.1f %% of the answers during the"
                      + " fault; %d values before, %d lost; ",
                  p99,
                  during == 0 ? 0.0 : 100.0 * fallback / during,
                  m.before(),
                  lost)
              + freshAgainText(freshAgainMs)
              + (f.noFresh() ? "; " + freshDuring + " FRESH answers to quotes sent during it" : "")
              + (f.inject() == null ? "; " + flapper.flips() + " flips" : "");
      return new FaultRow(
          f.fault(),
          injected,
          o.faultSec(),
          r.requests(),
          r.errors(),
          lost,
          o.recoverSec(),
          expected,
          measured,
          holds(r.requests(), r.errors(), p99, lost, freshAgainMs, freshDuring));
    } catch (Exception e) {
      flapper.stop();
      return FaultRow.failed(f.fault(), injected, expected, e);
    }
  }

  /** The first FRESH answer to a quote sent after the fault's end, ms after it; -1 if none. */
  /** A row's window under load and the last known values it lost ({@link LostValues}). */
  private record Measured(FaultWindow.Outcome outcome, int before, long lost) {}

  /**
   * Clears the store, reads the customers' values, runs the fault window ({@code inject} at its
   * start, {@code remove} at its end) under the group's load, and reads them again.
   */
  private static Measured measure(
      FaultContext ctx,
      NodeGroup node,
      List<String> customers,
      FaultWindow.Action inject,
      FaultWindow.Action remove)
      throws Exception {
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
              inject,
              remove);
      return new Measured(o, before.size(), LostValues.lost(before, store.read(customers)));
    }
  }

  /** The provider's answers back, in words: the first FRESH answer after the fault's end. */
  private static String freshAgainText(long freshAgainMs) {
    return freshAgainMs < 0
        ? "no FRESH answer in the " + AFTER_SEC + " s after the fault"
        : String.format(
            Locale.ROOT,
            "the first FRESH answer %.1f s after the fault's end",
            freshAgainMs / 1000.0);
  }

  private static long freshAgainMs(FaultLoadResult r, long faultEndMs) {
    return r.sent().stream()
            .filter(s -> s.sentMs() >= faultEndMs && s.origin().equals("FRESH"))
            .mapToLong(FaultLoad.Sent::answeredMs)
            .min()
            .orElse(faultEndMs - 1)
        - faultEndMs;
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
    try {
      Measured m =
          measure(
              ctx,
              node,
              customers,
              () -> ctx.lab().control().apply(state),
              () ->
                  ctx.lab()
                      .control()
                      .apply(ProviderState.RECOVERY, Duration.ofSeconds(RECOVERY_WINDOW_SEC)));
      FaultWindow.Outcome o = m.outcome();
      long lost = m.lost();
      FaultLoadResult r = o.load();
      String measured =
          r.summary()
              + String.format(Locale.ROOT, "; %d values before, %d lost; ", m.before(), lost)
              + freshAgainText(freshAgainMs(r, o.faultEndMs()));
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
