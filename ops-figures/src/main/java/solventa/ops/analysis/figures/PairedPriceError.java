package solventa.ops.analysis.figures;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.ops.statistics.Interval;
import solventa.signals.Origin;

/**
 * The price error of a step's DEFAULT quotes, per line, each against the same customer's own
 * premium ({@link OwnPremiums}, the run's index). Every DEFAULT answer of the step's window whose
 * customer has an own premium in the run is a pair; its error is (DEFAULT premium − own premium) ÷
 * own premium. Over a line's pairs: the mean error (bias) and the median and p95 of the absolute
 * error, in percent, each with its 95 % bootstrap interval over the pairs ({@link Bootstrap},
 * seeded: the same pairs give the same intervals). The coverage says how much of the line's DEFAULT
 * quotes the figures speak for: the DEFAULT answers and the distinct customers, all and paired. A
 * line whose DEFAULT answers none could be paired keeps its coverage and has no figures (null).
 *
 * @param defaultAnswers the DEFAULT answers of the line in the step's window
 * @param defaultCustomers their distinct customers
 * @param pairedAnswers those whose customer has an own premium in the run
 * @param pairedCustomers their distinct customers
 * @param biasPct the mean of (DEFAULT − own) ÷ own over the pairs, percent
 * @param medianAbsPct the median of its absolute value, percent
 * @param p95AbsPct the 95th percentile of its absolute value, percent
 * @param biasCi the bias's 95 % interval
 * @param medianAbsCi the median absolute error's 95 % interval
 * @param p95AbsCi the p95 absolute error's 95 % interval
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PairedPriceError(
    long defaultAnswers,
    int defaultCustomers,
    long pairedAnswers,
    int pairedCustomers,
    Double biasPct,
    Double medianAbsPct,
    Double p95AbsPct,
    Interval biasCi,
    Interval medianAbsCi,
    Interval p95AbsCi) {

  /** The share of the DEFAULT answers paired, percent. */
  public double answersCoveredPct() {
    return defaultAnswers == 0 ? 0 : 100.0 * pairedAnswers / defaultAnswers;
  }

  /**
   * The DEFAULT answers of {@code log} that carried a premium and were sent in {@code step}'s
   * window (the window every other figure of the step is measured over), of a customer with a line.
   */
  public static List<RequestRecord> defaultsInWindow(StepResult step, List<RequestRecord> log) {
    return log.stream()
        .filter(r -> r.sendMs() >= step.windowStartMs() && r.sendMs() < step.endMs())
        .filter(r -> r.ok() && r.is(Origin.DEFAULT) && r.premium() != null)
        .filter(r -> KeyFeeder.lineOf(r.customerId()) != null)
        .toList();
  }

  /** Per line, the DEFAULT answers {@code defaults} paired with the own premiums of {@code own}. */
  public static Map<String, PairedPriceError> of(List<RequestRecord> defaults, OwnPremiums own) {
    return of(defaults, own, KeyFeeder::lineOf);
  }

  /**
   * Per group (the customer's line, or their risk segment: {@code groupOf} of the customer id), the
   * DEFAULT answers {@code defaults} paired with the own premiums of {@code own}; an answer whose
   * customer has no group is left out.
   */
  public static Map<String, PairedPriceError> of(
      List<RequestRecord> defaults, OwnPremiums own, Function<String, String> groupOf) {
    Map<String, List<RequestRecord>> byGroup = new TreeMap<>();
    for (RequestRecord r : defaults) {
      String group = groupOf.apply(r.customerId());
      if (group != null) {
        byGroup.computeIfAbsent(group, k -> new ArrayList<>()).add(r);
      }
    }
    Map<String, PairedPriceError> out = new TreeMap<>();
    byGroup.forEach((group, answers) -> out.put(group, ofGroup(answers, own)));
    return out;
  }

  private static PairedPriceError ofGroup(List<RequestRecord> answers, OwnPremiums own) {
    Set<String> customers = new TreeSet<>();
    Set<String> paired = new TreeSet<>();
    List<Double> errors = new ArrayList<>();
    for (RequestRecord r : answers) {
      customers.add(r.customerId());
      Double theirs = own.premium(r.customerId());
      if (theirs != null) {
        paired.add(r.customerId());
        errors.add(100 * (r.premium() - theirs) / theirs);
      }
    }
    if (errors.isEmpty()) {
      return PairedPriceError.builder()
          .defaultAnswers(answers.size())
          .defaultCustomers(customers.size())
          .pairedAnswers(0)
          .pairedCustomers(0)
          .biasPct(null)
          .medianAbsPct(null)
          .p95AbsPct(null)
          .biasCi(null)
          .medianAbsCi(null)
          .p95AbsCi(null)
          .build();
    }
    double[] e = errors.stream().mapToDouble(Double::doubleValue).toArray();
    PriceError.Figures f = PriceError.Figures.of(e);
    return PairedPriceError.builder()
        .defaultAnswers(answers.size())
        .defaultCustomers(customers.size())
        .pairedAnswers(e.length)
        .pairedCustomers(paired.size())
        .biasPct(f.bias())
        .medianAbsPct(f.medianAbs())
        .p95AbsPct(f.p95Abs())
        .biasCi(f.biasCi())
        .medianAbsCi(f.medianAbsCi())
        .p95AbsCi(f.p95AbsCi())
        .build();
  }

  /** A builder of a {@code PairedPriceError}, every component by name. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@code PairedPriceError} by name; a component left unset is null (0 or false for a
   * primitive).
   */
  public static final class Builder {
    private long defaultAnswers;
    private int defaultCustomers;
    private long pairedAnswers;
    private int pairedCustomers;
    private Double biasPct;
    private Double medianAbsPct;
    private Double p95AbsPct;
    private Interval biasCi;
    private Interval medianAbsCi;
    private Interval p95AbsCi;

    private Builder() {}

    public Builder defaultAnswers(long defaultAnswers) {
      this.defaultAnswers = defaultAnswers;
      return this;
    }

    public Builder defaultCustomers(int defaultCustomers) {
      this.defaultCustomers = defaultCustomers;
      return this;
    }

    public Builder pairedAnswers(long pairedAnswers) {
      this.pairedAnswers = pairedAnswers;
      return this;
    }

    public Builder pairedCustomers(int pairedCustomers) {
      this.pairedCustomers = pairedCustomers;
      return this;
    }

    public Builder biasPct(Double biasPct) {
      this.biasPct = biasPct;
      return this;
    }

    public Builder medianAbsPct(Double medianAbsPct) {
      this.medianAbsPct = medianAbsPct;
      return this;
    }

    public Builder p95AbsPct(Double p95AbsPct) {
      this.p95AbsPct = p95AbsPct;
      return this;
    }

    public Builder biasCi(Interval biasCi) {
      this.biasCi = biasCi;
      return this;
    }

    public Builder medianAbsCi(Interval medianAbsCi) {
      this.medianAbsCi = medianAbsCi;
      return this;
    }

    public Builder p95AbsCi(Interval p95AbsCi) {
      this.p95AbsCi = p95AbsCi;
      return this;
    }

    public PairedPriceError build() {
      return new PairedPriceError(
          defaultAnswers,
          defaultCustomers,
          pairedAnswers,
          pairedCustomers,
          biasPct,
          medianAbsPct,
          p95AbsPct,
          biasCi,
          medianAbsCi,
          p95AbsCi);
    }
  }
}
