package solventa.ops.faults;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.LongFunction;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.PartnerBudgetSettings;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.providerdouble.control.ProviderStateControl;
import solventa.quote.stats.StatsSnapshot;
import solventa.vocabulary.Arm;

/**
 * The partners group: one partner cannot spend the provider's quota for every partner (OWASP
 * API4:2023, unrestricted resource consumption). The provider meters calls per client credential,
 * and the node has one: the double gets a quota of {@value #QUOTA} calls a second. One partner
 * ({@value #FLOODER}) floods {@value #FLOOD_RATE} quotes a second for {@value #FLOOD_SEC} s, each
 * for a distinct id of the provider's format it does not know, while another ({@value #OTHER})
 * quotes {@value #OTHER_RATE} a second, its known customers and, one in {@value #NEW_EVERY}, a
 * customer new to the node. On one node of arm C with each partner's budget of calls for customers
 * the node holds no value for ({@link #BUDGET}, sized by docs/security.md's rule), the row holds
 * when the other partner's answers stay within the card's thresholds, the flooding partner is held
 * to its budget, the provider never answers 429 and the breaker stays CLOSED ({@link
 * PartnerFlood}).
 */
final class PartnerFaults implements FaultScenario {
  /** The provider's quota for the node's one credential, calls a second. */
  static final int QUOTA = 60;

  static final String FLOODER = "partner-002";
  static final String OTHER = solventa.vocabulary.QuoteRequestBody.PARTNER;

  /**
   * Well over the quota (by two thirds), and with the other partner's load 150 req/s: within what
   * two shared cores carry beside the node and the double.
   */
  static final int FLOOD_RATE = 100;

  static final int FLOOD_SEC = 20;
  static final int OTHER_RATE = 50;
  static final int BEFORE_SEC = 5;
  static final int AFTER_SEC = 5;
  static final int CUSTOMERS = 300;

  /** One quote in this many of the other partner's is for a customer new to the node. */
  static final int NEW_EVERY = 20;

  /** T for the row's node: the known customers' seeded values stay CACHED through the row. */
  static final int REFRESH_AFTER_SEC = 60;

  /**
   * Each budget: 10 calls a second, 4 at once, so at most 14 in any second; the two listed
   * partners' and the unlisted partners' shared one make 42, within 80 % of the quota less the
   * known customers' refreshes ({@value #CUSTOMERS} over T, 5 a second): (48 - 5) / 3 = 14.3,
   * docs/security.md's rule.
   */
  static final PartnerBudgetSettings BUDGET =
      new PartnerBudgetSettings(true, 10, 4, List.of(OTHER, FLOODER));

  /**
   * The flood's ids: the provider's format, outside the double's universe (c00000000 … c00099999).
   */
  static final int FIRST_UNKNOWN = 91_000_000;

  /** Where the other partner's new customers start, in the rows' span of customers. */
  static final int NEW_OFFSET = 10_000;

  @Override
  public String name() {
    return "partners";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) throws Exception {
    return List.of(row(ctx, true).row());
  }

  /** The row's node: arm C with each partner's budget, or (the contrast) plain C without it. */
  static BenchArm arm(boolean budget) {
    if (!budget) {
      return BenchArm.C;
    }
    Map<String, String> s = new java.util.TreeMap<>();
    String at = "of-adapter.providers.ofb.partner-budget.";
    s.put(at + "enabled", "on");
    s.put(at + "rate", String.valueOf((long) BUDGET.rate()));
    s.put(at + "burst", String.valueOf(BUDGET.burst()));
    for (int i = 0; i < BUDGET.partners().size(); i++) {
      s.put(at + "partners." + i, BUDGET.partners().get(i));
    }
    return BenchArm.of("C+PB", "CPB", Arm.C, s);
  }

  /** A run of the row: the row as the matrix writes it, and its figures. */
  record Run(FaultRow row, PartnerFlood figures) {}

  /** Runs the row on a fresh node, with each partner's budget or (the contrast) without it. */
  static Run row(FaultContext ctx, boolean budget) {
    String fault = "one partner floods new ids against the provider's quota";
    String injected = injected(budget);
    String expected = expected();
    ProviderStateControl control = null;
    try {
      ExperimentProfile profile = ctx.profile().withRefreshAfterSec(REFRESH_AFTER_SEC);
      NodeGroup node = ctx.freshNodes(arm(budget), 1, profile);
      List<String> known = FaultContext.customers(0, CUSTOMERS);
      ctx.say(
          "partners: %d of %d customers' values stored",
          ctx.seedValues(node.first(), known), CUSTOMERS);
      control = ctx.lab().control();
      control.setQuota(QUOTA);
      try (LostValues store = ctx.store()) {
        Map<String, Instant> before = store.read(known);
        Measured m = measure(node, known, control);
        long lost = LostValues.lost(before, store.read(known));
        return result(fault, injected, expected, m, lost);
      }
    } catch (Exception e) {
      return new Run(FaultRow.failed(fault, injected, expected, e), null);
    } finally {
      if (control != null) {
        control.setQuota(0);
      }
    }
  }

  /** The two loads and what the node and the double said around the flood. */
  private record Measured(
      FaultLoadResult other,
      FaultLoadResult flood,
      long floodStartMs,
      long floodEndMs,
      StatsSnapshot before,
      StatsSnapshot after,
      long quota429) {}

  private static Measured measure(NodeGroup node, List<String> known, ProviderStateControl control)
      throws Exception {
    NodeProcess first = node.first();
    long refusedBefore = control.quotaRefused();
    FaultLoad other =
        FaultLoad.startAs(
            OTHER,
            List.of(FaultLoad.Phase.of(OTHER_RATE, BEFORE_SEC + FLOOD_SEC + AFTER_SEC)),
            node::baseUrls,
            knownAndNew(known, 42));
    FaultWindow.sleepUntil(other.startMs() + BEFORE_SEC * 1000L);
    StatsSnapshot before = first.snapshot();
    FaultLoad flood =
        FaultLoad.startAs(
            FLOODER,
            List.of(FaultLoad.Phase.of(FLOOD_RATE, FLOOD_SEC)),
            node::baseUrls,
            i -> String.format(Locale.ROOT, "c%08d", FIRST_UNKNOWN + i));
    FaultLoadResult floodResult = flood.await();
    FaultLoadResult otherResult = other.await();
    StatsSnapshot after = first.snapshot();
    return new Measured(
        otherResult,
        floodResult,
        floodResult.startMs(),
        floodResult.endMs(),
        before,
        after,
        control.quotaRefused() - refusedBefore);
  }

  /**
   * The other partner's customers: one in {@value #NEW_EVERY} a customer new to the node (each
   * once), the others drawn from its known customers with {@code seed}. Called on the load's one
   * ticker thread.
   */
  static LongFunction<String> knownAndNew(List<String> known, long seed) {
    Random random = new Random(seed);
    long[] fresh = {0};
    return i ->
        i % NEW_EVERY == NEW_EVERY - 1
            ? FaultContext.customers(NEW_OFFSET + (int) fresh[0]++, 1).get(0)
            : known.get(random.nextInt(known.size()));
  }

  private static Run result(String fault, String injected, String expected, Measured m, long lost) {
    FaultLoadResult o = m.other();
    FaultLoadResult f = m.flood();
    long from = m.floodStartMs();
    long to = m.floodEndMs();
    long otherDuring = o.count(s -> s.sentMs() >= from && s.sentMs() < to) + o.unanswered();
    long otherErrors =
        o.count(s -> s.status() != 200 && s.sentMs() >= from && s.sentMs() < to) + o.unanswered();
    long fallback =
        o.count(
            s ->
                s.status() == 200
                    && s.sentMs() >= from
                    && s.sentMs() < to
                    && (s.origin().equals("STALE") || s.origin().equals("DEFAULT")));
    AdapterSnapshot a = m.after().adapter();
    int transitions =
        (int) a.transitions().stream().filter(t -> t.at().toEpochMilli() >= from).count();
    long throttled =
        a.outcomes().getOrDefault("THROTTLED", 0L)
            - m.before().adapter().outcomes().getOrDefault("THROTTLED", 0L);
    PartnerFlood p =
        new PartnerFlood(
            otherDuring,
            otherErrors,
            o.latencyQuantile(0.99, from, to),
            fallback,
            f.requests(),
            f.count(s -> s.status() == 404),
            m.after().overBudget() - m.before().overBudget(),
            BUDGET.mostCallsIn(java.time.Duration.ofMillis(floodWindowMs(f))),
            m.quota429(),
            throttled,
            a.state() == BreakerState.CLOSED,
            transitions,
            lost);
    String measured = measured(m, p);
    FaultRow row =
        new FaultRow(
            fault,
            injected,
            (to - from) / 1000.0,
            o.requests() + f.requests(),
            o.errors(),
            lost,
            o.recoverSec(to),
            expected,
            measured,
            p.holds());
    return new Run(row, p);
  }

  /**
   * How long the node may have made the flood's calls: from its first quote sent to its last answer
   * (a quote sent at the flood's end reaches the node a little later).
   */
  static long floodWindowMs(FaultLoadResult flood) {
    long last =
        flood.sent().stream().mapToLong(FaultLoad.Sent::answeredMs).max().orElse(flood.endMs());
    return Math.max(1, Math.max(last, flood.endMs()) - flood.startMs());
  }

  private static String measured(Measured m, PartnerFlood p) {
    return String.format(
        Locale.ROOT,
        "%s: %s; while the flood ran %d quotes, %d errors (%.2f %%), p99 %d ms, fallback (STALE or"
            + " DEFAULT) %.1f %%; %s: %s; %d reached the provider (bound %d), %d answered past its"
            + " budget; the provider's 429s %d, THROTTLED %d; breaker %s, %d transitions; %d values"
            + " lost%s; %s",
        OTHER,
        m.other().summary(),
        p.otherRequests(),
        p.otherErrors(),
        p.otherErrorPct(),
        p.otherP99Ms(),
        p.otherFallbackPct(),
        FLOODER,
        m.flood().summary(),
        p.floodCalls(),
        p.floodBound(),
        p.floodOverBudget(),
        p.quota429(),
        p.throttled(),
        m.after().adapter().state(),
        p.transitions(),
        p.lost(),
        p.holds() ? "" : "; fails on: " + String.join(", ", p.failures()),
        EdgeFaults.machineLoad());
  }

  private static String injected(boolean budget) {
    return String.format(
        Locale.ROOT,
        "the provider's quota %d calls/s for the node's one credential (PUT /admin/quota); %s"
            + " floods %d quotes/s for %d s, each a distinct id the provider does not know"
            + " (c%08d…), while %s quotes %d/s for %d s (its %d known customers, values stored, and"
            + " one quote in %d a customer new to the node); one node of arm C, T %d s, %s",
        QUOTA,
        FLOODER,
        FLOOD_RATE,
        FLOOD_SEC,
        FIRST_UNKNOWN,
        OTHER,
        OTHER_RATE,
        BEFORE_SEC + FLOOD_SEC + AFTER_SEC,
        CUSTOMERS,
        NEW_EVERY,
        REFRESH_AFTER_SEC,
        budget
            ? String.format(
                Locale.ROOT,
                "each partner's budget for customers new to the node %.0f calls/s, burst %d"
                    + " (partners %s, the others sharing one)",
                BUDGET.rate(),
                BUDGET.burst(),
                BUDGET.partners())
            : "no partner budget");
  }

  private static String expected() {
    return String.format(
        Locale.ROOT,
        "while the flood runs, %s's answers within the card's thresholds: errors ≤ %.0f %%, p99 ≤"
            + " %d ms, fallback ≤ %.0f %%; %s limited: its calls that reach the provider ≤ what"
            + " its budget lets through from its first quote to its last answer (rate × that time +"
            + " burst), and the rest answered past it; the"
            + " provider never answers 429 (its quota's refusals and the adapter's THROTTLED 0);"
            + " the breaker CLOSED throughout; no known value lost",
        OTHER,
        PartnerFlood.MAX_ERROR_PCT,
        PartnerFlood.MAX_P99_MS,
        PartnerFlood.MAX_FALLBACK_PCT,
        FLOODER);
  }
}
