package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BreakerSetting;

/**
 * HD-01.6: at low traffic the count policy does not keep sacrificed requests below 1 %, the rate
 * policy does. Judged over the low-traffic grid (rules version 6): every breaker setting measured
 * at the low policy rate, each from an empty breaker window. A setting that needs more failures
 * before it can open than 1 % of the requests in W ({@link PolicySteps#cannotOpen}) is shown and
 * not judged: its share would follow from its setting, not from a measurement.
 *
 * <p>A judged setting keeps the share below 1 %, misses, or is too close to call, by the
 * Clopper–Pearson interval of its share pooled over its trials in every run ({@link PooledTrials},
 * rules version 12). One trial at 10 req/s holds 300 requests in W, whose interval reaches above 1
 * % even with none sacrificed: {@code full} runs every judged setting at least 5 times.
 *
 * <p>Supported: some count setting and some rate setting are judged, every judged count setting
 * misses, and some judged rate setting keeps the share below 1 %. Refuted: a judged count setting
 * keeps it below 1 % (the card's methodological note: the count threshold suffices at low traffic,
 * and the team saves the rate policy's complexity); or every rate setting was usable and judged and
 * every one misses. Inconclusive otherwise (a count setting too close to call, or no rate setting
 * keeping it while one was too close to call or not usable). The settings that keep it below 1 %
 * are the answer to the card's open question (b), listed whatever the verdict.
 */
public final class LowTrafficPolicies implements Hypothesis {
  @Override
  public String byConstruction(Design d) {
    return d.lowTrafficPolicies();
  }

  @Override
  public List<String> rules() {
    return List.of(RuleNames.SACRIFICED_LOW);
  }

  @Override
  public String id() {
    return "HD-01.6";
  }

  @Override
  public String statement() {
    return "At low traffic the count policy does not keep sacrificed requests < 1 %, the rate policy"
        + " does";
  }

  /** One grid setting's standing. */
  public enum Standing {
    KEEPS,
    MISSES,
    TOO_CLOSE,
    CANNOT_OPEN,
    NOT_USABLE
  }

  /** The settings that keep the share below 1 % at the low rate: the card's open question (b). */
  public record OpenQuestionB(int rate, List<String> keeping) implements Fact {}

  /** What the low-traffic grid as a whole says, beside each setting. */
  public enum Grid {
    /** A judged count setting kept the share below 1 % (refutes). */
    A_COUNT_KEPT,
    /** Every rate setting was judged and missed (refutes). */
    NO_RATE_KEPT,
    /** No count setting able to open within 1 % was measured. */
    NO_COUNT_JUDGED,
    /** No rate setting able to open within 1 % was measured. */
    NO_RATE_JUDGED,
    /** None kept it and a rate setting was too close to call. */
    RATE_TOO_CLOSE,
    /** None kept it and a rate setting was not judged. */
    RATE_NOT_JUDGED
  }

  /** A finding of the grid as a whole at {@code rate}. */
  public record GridFinding(Grid what, int rate) implements Fact {}

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.note(PolicySteps.policies(in.rules()));
    List<Integer> rates = in.results().policyRates();
    if (rates.size() < 2) {
      ev.undecided(new PolicySteps.NotRun(PolicySteps.Rule.LOW_TRAFFIC));
      return ev.verdict(this);
    }
    int low = rates.get(rates.size() - 1);
    List<String> keeping = new ArrayList<>();
    Tally count = new Tally();
    Tally rate = new Tally();
    for (String policy : in.results().policySettings(low)) {
      BreakerSetting setting = PolicySteps.setting(in.rules(), policy);
      boolean isCount = setting.family().equals(BreakerSetting.COUNT);
      List<StepResult> trials = in.results().policyTrials(policy, low);
      Standing st = judge(in, ev, policy, trials, low, isCount);
      (isCount ? count : rate).add(st);
      if (st == Standing.KEEPS) {
        keeping.add(setting.label());
      }
    }
    ev.note(new OpenQuestionB(low, List.copyOf(keeping)));
    if (count.keeps > 0) {
      ev.refute(new GridFinding(Grid.A_COUNT_KEPT, low));
    }
    if (rate.judged() > 0 && rate.keeps == 0 && rate.tooClose == 0 && rate.notUsable == 0) {
      ev.refute(new GridFinding(Grid.NO_RATE_KEPT, low));
    }
    if (count.judged() == 0) {
      ev.undecided(new GridFinding(Grid.NO_COUNT_JUDGED, low));
    }
    if (rate.judged() == 0) {
      ev.undecided(new GridFinding(Grid.NO_RATE_JUDGED, low));
    } else if (rate.keeps == 0 && rate.tooClose > 0) {
      ev.undecided(new GridFinding(Grid.RATE_TOO_CLOSE, low));
    } else if (rate.keeps == 0 && rate.notUsable > 0) {
      ev.undecided(new GridFinding(Grid.RATE_NOT_JUDGED, low));
    }
    return ev.verdict(this);
  }

  /**
   * A low-traffic setting's standing under these rules, from its trials: not usable (no trial
   * pooled), unable to open within 1 % (not judged), or judged by the pooled share's interval
   * (rules version 12): keeps the share below 1 %, misses, or too close to call. The report's grid
   * table reads the same standing.
   */
  public static Standing standing(
      VerdictRules rules, String policy, List<StepResult> trials, int rate) {
    PooledTrials pool = PooledTrials.of(trials);
    if (!pool.any()) {
      return Standing.NOT_USABLE;
    }
    if (PolicySteps.cannotOpen(rules, policy, rate) != null) {
      return Standing.CANNOT_OPEN;
    }
    return switch (pool.call()) {
      case HOLDS -> Standing.KEEPS;
      case FAILS -> Standing.MISSES;
      case TOO_CLOSE -> Standing.TOO_CLOSE;
      case MISSING -> Standing.NOT_USABLE;
    };
  }

  /**
   * A setting's standing, with its line in the evidence; a count setting too close to call makes
   * the verdict inconclusive (it might keep the share), a rate one only when no rate setting keeps.
   */
  private static Standing judge(
      Input in, Evidence ev, String policy, List<StepResult> trials, int rate, boolean isCount) {
    Standing st = standing(in.rules(), policy, trials, rate);
    var fact =
        new PolicySteps.Setting(
            PolicySteps.Rule.LOW_TRAFFIC,
            PolicySteps.setting(in.rules(), policy).label(),
            rate,
            PooledTrials.of(trials),
            st,
            PolicySteps.cannotOpen(in.rules(), policy, rate));
    if (st == Standing.TOO_CLOSE && isCount) {
      ev.undecided(fact);
    } else {
      ev.note(fact);
    }
    return st;
  }

  /** A family's settings by standing (one unable to open within 1 % is not counted). */
  private static final class Tally {
    int keeps;
    int misses;
    int tooClose;
    int notUsable;

    void add(Standing s) {
      switch (s) {
        case KEEPS -> keeps++;
        case MISSES -> misses++;
        case TOO_CLOSE -> tooClose++;
        case NOT_USABLE -> notUsable++;
        case CANNOT_OPEN -> {}
      }
    }

    int judged() {
      return keeps + misses + tooClose;
    }
  }
}
