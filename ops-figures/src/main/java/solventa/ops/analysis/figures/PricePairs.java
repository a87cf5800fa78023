package solventa.ops.analysis.figures;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import solventa.gatling.RequestRecord;

/**
 * Every DEFAULT quote's premium against the same customer's own premium, for a whole run: the run's
 * index of own premiums ({@link OwnPremiums}) built from every step's request log, and per step
 * with DEFAULT answers in its window, per line, the paired price error ({@link PairedPriceError}).
 * Built from the recordings alone (the steps' windows and request logs), so a re-analysis of the
 * results folder gives it again.
 *
 * @param logs the request logs read that carried a premium
 * @param customers the customers with an own premium in the run
 * @param inconsistent the customers whose own premiums lie more than a cent apart (left out; any
 *     would reveal a broken assumption: a profile, or the rule book, changed during the run)
 * @param inconsistentCustomers the first {@value #NAMED} of them, sorted
 * @param steps by step id, in the steps' order: per line, the step's DEFAULT answers paired
 * @param probe what the price probe added, null when the run has no probe log
 * @param segments by step id, as {@code steps}, per risk segment of the customer's insured object
 *     instead of per line; null when the run's insured objects were not recorded by segment (a run
 *     that sent one object per line)
 */
public record PricePairs(
    int logs,
    int customers,
    int inconsistent,
    List<String> inconsistentCustomers,
    Map<String, Map<String, PairedPriceError>> steps,
    @JsonInclude(JsonInclude.Include.NON_NULL) Probe probe,
    @JsonInclude(JsonInclude.Include.NON_NULL)
        Map<String, Map<String, PairedPriceError>> segments) {

  /** Without the per-segment figures. */
  public PricePairs(
      int logs,
      int customers,
      int inconsistent,
      List<String> inconsistentCustomers,
      Map<String, Map<String, PairedPriceError>> steps,
      Probe probe) {
    this(logs, customers, inconsistent, inconsistentCustomers, steps, probe, null);
  }

  /**
   * The price probe's part: after the protocol, customers with a DEFAULT answer in a step's window
   * and no own premium in the steps' logs were quoted once more with the provider healthy.
   *
   * @param unpaired the customers with a DEFAULT answer in a step's window and no own premium from
   *     the steps' request logs
   * @param quoted those the probe quoted (all of them, or a seeded draw when there were more than
   *     the probe's bound)
   * @param priced those the probe priced on their own profile (their own premium, now known)
   */
  public record Probe(int unpaired, int quoted, int priced) {}

  /** The most customers the price probe quotes; a seeded draw of them when there are more. */
  public static final int PROBE_MAX = 2_000;

  /** How many inconsistent customers are named. */
  static final int NAMED = 10;

  /**
   * The price pairs of {@code steps}, whose request logs {@code logs} gives (null or empty for a
   * step without one); null when no log carried a premium (recorded before premiums were kept).
   */
  public static PricePairs of(
      List<StepResult> steps, Function<StepResult, List<RequestRecord>> logs) {
    return of(steps, logs, null);
  }

  /**
   * As {@link #of(List, Function)}, with the price probe's request log ({@code probeLog}, null when
   * the run has none) adding its own premiums to the index: a DEFAULT answer whose customer only
   * the probe priced is paired too, and the probe's part is counted ({@link Probe}). Each log is
   * read once: it adds its own premiums to the index and keeps its window's DEFAULT answers, which
   * are paired once every log is in.
   */
  public static PricePairs of(
      List<StepResult> steps,
      Function<StepResult, List<RequestRecord>> logs,
      List<RequestRecord> probeLog) {
    return of(steps, logs, probeLog, null);
  }

  /**
   * As {@link #of(List, Function, List)}, and per risk segment too when {@code segmentOf} (a
   * customer id's segment, null for none) is given: the run sent each customer their own insured
   * object, so a DEFAULT answer's segment is its customer's.
   */
  public static PricePairs of(
      List<StepResult> steps,
      Function<StepResult, List<RequestRecord>> logs,
      List<RequestRecord> probeLog,
      Function<String, String> segmentOf) {
    Collected c = Collected.of(steps, logs);
    if (!c.own.anyPremium()) {
      return null;
    }
    Probe probe = null;
    if (probeLog != null) {
      SortedSet<String> unpaired = c.unpaired();
      c.own.add(probeLog);
      SortedSet<String> quoted = new TreeSet<>();
      probeLog.forEach(r -> quoted.add(r.customerId()));
      int priced = (int) quoted.stream().filter(id -> c.own.premium(id) != null).count();
      probe = new Probe(unpaired.size(), quoted.size(), priced);
    }
    Map<String, Map<String, PairedPriceError>> paired = new LinkedHashMap<>();
    c.defaults.forEach((id, d) -> paired.put(id, PairedPriceError.of(d, c.own)));
    Map<String, Map<String, PairedPriceError>> bySegment = null;
    if (segmentOf != null) {
      bySegment = new LinkedHashMap<>();
      for (Map.Entry<String, List<RequestRecord>> e : c.defaults.entrySet()) {
        bySegment.put(e.getKey(), PairedPriceError.of(e.getValue(), c.own, segmentOf));
      }
    }
    List<String> named = c.own.inconsistent().stream().limit(NAMED).toList();
    return new PricePairs(
        c.read, c.own.customers(), c.own.inconsistent().size(), named, paired, probe, bySegment);
  }

  /**
   * The customers with a DEFAULT answer in a step's window and no own premium in the request logs
   * of {@code steps}, sorted: those the price probe is for.
   */
  public static SortedSet<String> unpaired(
      List<StepResult> steps, Function<StepResult, List<RequestRecord>> logs) {
    return Collected.of(steps, logs).unpaired();
  }

  /** The steps' logs read once: the index of own premiums and each step's DEFAULT answers. */
  private record Collected(OwnPremiums own, Map<String, List<RequestRecord>> defaults, int read) {
    static Collected of(List<StepResult> steps, Function<StepResult, List<RequestRecord>> logs) {
      OwnPremiums own = new OwnPremiums();
      Map<String, List<RequestRecord>> defaults = new LinkedHashMap<>();
      int read = 0;
      for (StepResult s : steps) {
        List<RequestRecord> log = logs.apply(s);
        if (log == null || log.isEmpty()) {
          continue;
        }
        own.add(log);
        read += log.stream().anyMatch(r -> r.ok() && r.premium() != null) ? 1 : 0;
        List<RequestRecord> d = PairedPriceError.defaultsInWindow(s, log);
        if (!d.isEmpty()) {
          defaults.put(s.spec().id(), d);
        }
      }
      return new Collected(own, defaults, read);
    }

    /**
     * The customers of the DEFAULT answers kept who have no own premium, sorted (those whose own
     * premiums disagree are left out: another quote would not settle them).
     */
    SortedSet<String> unpaired() {
      SortedSet<String> out = new TreeSet<>();
      for (List<RequestRecord> d : defaults.values()) {
        for (RequestRecord r : d) {
          if (own.premium(r.customerId()) == null && !own.inconsistent().contains(r.customerId())) {
            out.add(r.customerId());
          }
        }
      }
      return out;
    }
  }

  /** The paired price error of step {@code id}, per line; empty when it had no DEFAULT answer. */
  public Map<String, PairedPriceError> of(String stepId) {
    return steps.getOrDefault(stepId, Map.of());
  }
}
