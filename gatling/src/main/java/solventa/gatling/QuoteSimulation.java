package solventa.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import java.util.Iterator;
import java.util.Map;
import solventa.vocabulary.Acceptance;

/**
 * Open-model load on the quote API: customers arrive at a fixed rate whatever the service does, so
 * a slow service cannot slow the generator down and hide its own tail. One request per arriving
 * user. The assertions encode the acceptance criteria ({@link Acceptance}); a failed assertion
 * marks the step, it does not stop the protocol.
 *
 * <p>One simulation serves every arm: the load does not depend on what the node does with it, so
 * the arm is a parameter like the others ({@code ha01.arm}, {@link StepParameters#arm()}), named
 * only in the scenario and the request log.
 */
public class QuoteSimulation extends LoggedSimulation {
  public QuoteSimulation() {
    String arm = params.arm();
    if (arm == null || arm.isBlank()) {
      throw new IllegalArgumentException("ha01.arm must name the arm the node runs, was empty");
    }
    var keys = keys(params);
    var scn = scenario("quote-" + arm).feed(keys).exec(QuoteRequests.quote(log));
    setUp(scn.injectOpen(constantUsersPerSec(params.ratePerSec()).during(params.duration())))
        .protocols(QuoteRequests.protocol(params.baseUrl()))
        .assertions(
            global().responseTime().percentile(95.0).lt(Acceptance.P95_MS),
            global().responseTime().percentile(99.0).lt(Acceptance.P99_MS));
  }

  /**
   * The step's key feeder: a sweep step's key set ({@link SweepKeyFeeder}), else quote journeys
   * when the step asks for them ({@link JourneyKeyFeeder}), else one quote per draw ({@link
   * KeyFeeder}).
   */
  static Iterator<Map<String, Object>> keys(StepParameters params) {
    if (params.sweepKeys()) {
      return new SweepKeyFeeder(
          params.seed(),
          params.hitRate(),
          params.neverSeenShare(),
          params.populationStart(),
          params.populationSize(),
          params.missStart(),
          params.missSize(),
          params.freshKeyStart());
    }
    StepParameters.Journeys journeys = params.journeys();
    if (journeys.on()) {
      return new JourneyKeyFeeder(
          params.seed(),
          params.populationStart(),
          params.populationSize(),
          params.neverSeenShare(),
          params.freshKeyStart(),
          journeys.minQuotes(),
          journeys.maxQuotes(),
          journeys.spanRequests(params.ratePerSec()));
    }
    return new KeyFeeder(
        params.seed(),
        params.populationStart(),
        params.populationSize(),
        params.neverSeenShare(),
        params.freshKeyStart());
  }
}
