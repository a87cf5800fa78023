package solventa.ops;

import java.util.List;

/**
 * How much of the card's protocol to run and how long each step lasts. {@code full} is the card's
 * protocol (three runs); {@code quick} covers every arm, state, the sweep, both policies and C'
 * with short steps and one run; {@code smoke} is the tiny end-to-end check of the test suite.
 *
 * @param walkRate arrival rate of the state walk and the sweep, req/s
 * @param recoveryMeasureSec the recovery step is longer: HD-01.8 looks for closure within 60 s
 * @param recoveryWindowSec how long the double stays at its previous latency after toxics go
 * @param policyRates high and low traffic of the breaker policy test (the card: 200 and 10)
 * @param policyLowMeasureSec the low-traffic policy step is longer: at 10 req/s and 96 % hits the
 *     provider sees ~0.4 calls/s, so a count policy needs tens of seconds to see N failures
 * @param gatlingReports whether Gatling writes its HTML report for each step
 */
public record ExperimentProfile(
    String name,
    int runs,
    int walkRate,
    int warmupSec,
    int measureSec,
    int recoveryMeasureSec,
    int recoveryWindowSec,
    List<Double> sweepHitRates,
    List<Integer> policyRates,
    int policyMeasureSec,
    int policyLowMeasureSec,
    int stampedeConcurrency,
    int warmKeys,
    boolean gatlingReports) {

  public static final List<String> NAMES = List.of("smoke", "quick", "full");

  public static ExperimentProfile named(String name) {
    return switch (name) {
      case "smoke" ->
          new ExperimentProfile(
              "smoke",
              1,
              20,
              1,
              3,
              12,
              2,
              List.of(0.96, 0.50),
              List.of(40, 5),
              6,
              6,
              10,
              40,
              false);
      case "quick" ->
          new ExperimentProfile(
              "quick",
              1,
              100,
              2,
              5,
              18,
              5,
              List.of(0.99, 0.96, 0.90, 0.50),
              List.of(200, 10),
              12,
              30,
              50,
              300,
              true);
      case "full" ->
          new ExperimentProfile(
              "full",
              3,
              200,
              5,
              30,
              75,
              30,
              List.of(0.99, 0.96, 0.90, 0.50),
              List.of(200, 10),
              45,
              120,
              50,
              1000,
              true);
      default ->
          throw new IllegalArgumentException(
              "unknown profile '" + name + "': choose one of " + String.join(", ", NAMES));
    };
  }

  /** The hit rate of the state walk and the policy test: the card's design point. */
  public double designHitRate() {
    return 0.96;
  }
}
