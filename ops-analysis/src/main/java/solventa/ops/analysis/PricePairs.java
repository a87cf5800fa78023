package solventa.ops.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 */
public record PricePairs(
    int logs,
    int customers,
    int inconsistent,
    List<String> inconsistentCustomers,
    Map<String, Map<String, PairedPriceError>> steps) {

  /** How many inconsistent customers are named. */
  static final int NAMED = 10;

  /**
   * The price pairs of {@code steps}, whose request logs {@code logs} gives (null or empty for a
   * step without one); null when no log carried a premium (recorded before premiums were kept).
   * Each log is read once: it adds its own premiums to the index and keeps its window's DEFAULT
   * answers, which are paired once every log is in.
   */
  public static PricePairs of(
      List<StepResult> steps, Function<StepResult, List<RequestRecord>> logs) {
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
    if (!own.anyPremium()) {
      return null;
    }
    Map<String, Map<String, PairedPriceError>> paired = new LinkedHashMap<>();
    defaults.forEach((id, d) -> paired.put(id, PairedPriceError.of(d, own)));
    List<String> named = own.inconsistent().stream().limit(NAMED).toList();
    return new PricePairs(read, own.customers(), own.inconsistent().size(), named, paired);
  }

  /** The paired price error of step {@code id}, per line; empty when it had no DEFAULT answer. */
  public Map<String, PairedPriceError> of(String stepId) {
    return steps.getOrDefault(stepId, Map.of());
  }
}
