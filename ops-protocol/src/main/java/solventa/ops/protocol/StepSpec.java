package solventa.ops.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import solventa.vocabulary.ProviderState;

/**
 * One step of the protocol: what the node runs, what the provider does, and the load.
 *
 * @param run run label (R1, R2, R3)
 * @param hitRate cache hit-rate target of the key feeder
 * @param policy breaker opening policy of the node ("count" or "rate"); a policy step's setting
 *     ({@link BreakerSetting}: also "count-n2", "rate-m4")
 * @param warmupSec the slice at the start of the step that is discarded
 * @param measureSec the steady-state window that counts
 * @param concurrent for STAMPEDE: concurrent misses on one key
 * @param bisection for SWEEP: a step the runner added at a bisected hit rate (HD-01.4's minimum),
 *     not one of the profile's planned rates; false in results written before
 * @param reading the card reading the step is measured under, when it is not today's ({@link
 *     CardReading}): such a step never enters the verdicts or the tables, only the sensitivity
 *     table's re-judging; null for every other step and in results written before
 */
public record StepSpec(
    String id,
    StepKind kind,
    String run,
    BenchArm arm,
    ProviderState state,
    double hitRate,
    int rate,
    String policy,
    int warmupSec,
    int measureSec,
    int concurrent,
    boolean bisection,
    @JsonInclude(JsonInclude.Include.NON_NULL) CardReading reading) {

  /**
   * A step whose fields are named as they are set; what is not set is what a planned step measured
   * under today's readings has: the count policy, not a bisection step, no other reading (null),
   * and 0 for every number.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this step's fields, to copy it with some of them changed. */
  public Builder toBuilder() {
    return builder()
        .id(id)
        .kind(kind)
        .run(run)
        .arm(arm)
        .state(state)
        .hitRate(hitRate)
        .rate(rate)
        .policy(policy)
        .warmupSec(warmupSec)
        .measureSec(measureSec)
        .concurrent(concurrent)
        .bisection(bisection)
        .reading(reading);
  }

  /** One step's fields, named ({@link #builder}). */
  public static final class Builder {
    private String id;
    private StepKind kind;
    private String run;
    private BenchArm arm;
    private ProviderState state;
    private double hitRate;
    private int rate;
    private String policy = BreakerSetting.COUNT;
    private int warmupSec;
    private int measureSec;
    private int concurrent;
    private boolean bisection;
    private CardReading reading;

    private Builder() {}

    public Builder id(String v) {
      this.id = v;
      return this;
    }

    public Builder kind(StepKind v) {
      this.kind = v;
      return this;
    }

    public Builder run(String v) {
      this.run = v;
      return this;
    }

    public Builder arm(BenchArm v) {
      this.arm = v;
      return this;
    }

    public Builder state(ProviderState v) {
      this.state = v;
      return this;
    }

    public Builder hitRate(double v) {
      this.hitRate = v;
      return this;
    }

    public Builder rate(int v) {
      this.rate = v;
      return this;
    }

    public Builder policy(String v) {
      this.policy = v;
      return this;
    }

    public Builder warmupSec(int v) {
      this.warmupSec = v;
      return this;
    }

    public Builder measureSec(int v) {
      this.measureSec = v;
      return this;
    }

    public Builder concurrent(int v) {
      this.concurrent = v;
      return this;
    }

    public Builder bisection(boolean v) {
      this.bisection = v;
      return this;
    }

    public Builder reading(CardReading v) {
      this.reading = v;
      return this;
    }

    public StepSpec build() {
      return new StepSpec(
          id,
          kind,
          run,
          arm,
          state,
          hitRate,
          rate,
          policy,
          warmupSec,
          measureSec,
          concurrent,
          bisection,
          reading);
    }
  }

  /** This step measured under {@code r}, with the id {@code newId}. */
  public StepSpec under(CardReading r, String newId) {
    return toBuilder().id(newId).reading(r).build();
  }

  /**
   * Whether {@code other} is this step under another reading: the same part of the protocol, run,
   * arm, state, load and durations.
   */
  public boolean sameMeasurementAs(StepSpec other) {
    return kind == other.kind
        && run.equals(other.run)
        && arm == other.arm
        && state == other.state
        && hitRate == other.hitRate
        && rate == other.rate
        && policy.equals(other.policy)
        && warmupSec == other.warmupSec
        && measureSec == other.measureSec
        && concurrent == other.concurrent;
  }

  /**
   * The breaker policy the step's node is started with: a policy or break-point step runs on C's
   * count-policy node and sets its own setting at its change; any other step, its policy.
   */
  public String nodePolicy() {
    return setsBreaker() ? BreakerSetting.COUNT : policy;
  }

  /** Whether the step sets its breaker, fresh and closed, at its change (policy, break point). */
  public boolean setsBreaker() {
    return kind == StepKind.POLICY || kind == StepKind.BREAKPOINT;
  }

  /**
   * Whether the step's load comes as quote journeys: the recovery steps of the arms that fall back
   * (C, C'), where HD-01.8 needs concurrent misses on one customer to tell C from C'.
   */
  public boolean journeys() {
    return kind == StepKind.WALK && state == ProviderState.RECOVERY && arm.fallsBack();
  }

  public int durationSec() {
    return warmupSec + measureSec;
  }

  /**
   * The seed of this step's key sequence and seeded ages in a run seeded {@code seed} of profile
   * {@code profile}: from the profile's name and the step's id without its design's tag, so the
   * same run's steps of different designs in the same state draw the same customers in the same
   * order from the same ages (the designs are compared in pairs), and no profile replays another's
   * steps.
   */
  public long seed(long seed, String profile) {
    String key = id.replace("-" + arm.tag() + "-", "-");
    if (key.endsWith("-" + arm.tag())) {
      key = key.substring(0, key.length() - arm.tag().length() - 1);
    }
    return seed + 31L * profile.hashCode() + key.hashCode();
  }
}
