package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Interval;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * Every DEFAULT quote against the same customer's own premium: the run's index of own premiums,
 * built from every step's request log, and each step's DEFAULT answers paired with it.
 */
class PricePairsTest {
  private static final StepResult A_HEALTHY =
      Fixture.step(BenchArm.A, ProviderState.HEALTHY).build();
  private static final StepResult B_HEALTHY =
      Fixture.step(BenchArm.B, ProviderState.HEALTHY).build();
  private static final StepResult C_DOWN = Fixture.step(BenchArm.C, ProviderState.DOWN).build();

  private static RequestRecord at(long sendMs, int index, Origin o, Double premium) {
    return new RequestRecord(
        sendMs, 60, 200, o, 0, "known", KeyFeeder.customerId(index), "127.0.0.1:1", premium);
  }

  private static RequestRecord answer(int index, Origin o, Double premium) {
    return at(1_000, index, o, premium);
  }

  /** Indexes of one line: the feeder gives the line by the customer's index. */
  private static List<Integer> ofLine(String line, int n) {
    List<Integer> out = new ArrayList<>();
    for (int i = 1_000; out.size() < n; i++) {
      if (KeyFeeder.lineOf(i).equals(line)) {
        out.add(i);
      }
    }
    return out;
  }

  private static PricePairs pairs(Map<StepResult, List<RequestRecord>> logs) {
    List<StepResult> steps = List.of(A_HEALTHY, B_HEALTHY, C_DOWN);
    return PricePairs.of(steps, logs::get);
  }

  @Test
  void defaultQuotesArePairedWithOwnPremiumsFromOtherStepsAndArms() {
    List<Integer> auto = ofLine("auto", 4);
    Map<StepResult, List<RequestRecord>> logs = new HashMap<>();
    // A's healthy step prices customers 0 and 1 on their own profile, B's customer 2 (STALE too)
    logs.put(
        A_HEALTHY,
        List.of(
            answer(auto.get(0), Origin.FRESH, 800.0), answer(auto.get(1), Origin.CACHED, 1_250.0)));
    logs.put(B_HEALTHY, List.of(answer(auto.get(2), Origin.STALE, 2_000.0)));
    // C's down step: DEFAULT (1 000) for customers 0 (twice), 1 and 2; and 3, never on their own
    // profile; customer 1 on their own profile in the down step too; one DEFAULT before the window
    logs.put(
        C_DOWN,
        List.of(
            answer(auto.get(0), Origin.DEFAULT, 1_000.0),
            answer(auto.get(0), Origin.DEFAULT, 1_000.0),
            answer(auto.get(1), Origin.DEFAULT, 1_000.0),
            answer(auto.get(1), Origin.STALE, 1_250.0),
            answer(auto.get(2), Origin.DEFAULT, 1_000.0),
            answer(auto.get(3), Origin.DEFAULT, 1_000.0),
            at(-1, auto.get(3), Origin.DEFAULT, 1_000.0)));
    PricePairs p = pairs(logs);
    assertThat(p.logs()).isEqualTo(3);
    assertThat(p.customers()).isEqualTo(3);
    assertThat(p.inconsistent()).isZero();
    assertThat(p.steps()).containsOnlyKeys(C_DOWN.spec().id());
    PairedPriceError a = p.of(C_DOWN.spec().id()).get("auto");
    // coverage: 4 of the 5 DEFAULT answers in the window, 3 of their 4 customers
    assertThat(a.defaultAnswers()).isEqualTo(5);
    assertThat(a.defaultCustomers()).isEqualTo(4);
    assertThat(a.pairedAnswers()).isEqualTo(4);
    assertThat(a.pairedCustomers()).isEqualTo(3);
    assertThat(a.answersCoveredPct()).isEqualTo(80.0);
    // errors per answer: +25 %, +25 %, −20 %, −50 %
    assertThat(a.biasPct()).isEqualTo(-5.0);
    assertThat(a.medianAbsPct()).isEqualTo(25.0); // |e| sorted 20, 25, 25, 50: rank 2
    assertThat(a.p95AbsPct()).isEqualTo(50.0);
    assertThat(a.biasCi().contains(-5.0)).isTrue();
    assertThat(a.biasCi().low()).isGreaterThanOrEqualTo(-50.0);
    assertThat(a.biasCi().high()).isLessThanOrEqualTo(25.0);
    assertThat(a.medianAbsCi().low()).isBetween(20.0, 25.0);
    assertThat(a.p95AbsCi().high()).isEqualTo(50.0);
    assertThat(pairs(logs)).as("seeded: the same logs, the same intervals").isEqualTo(p);
    assertThat(p.of(A_HEALTHY.spec().id())).isEmpty();
  }

  @Test
  void aLineWhoseDefaultCustomersWereNeverPricedOnTheirOwnProfileKeepsItsCoverageOnly() {
    List<Integer> life = ofLine("life", 2);
    List<Integer> home = ofLine("home", 1);
    Map<StepResult, List<RequestRecord>> logs = new HashMap<>();
    logs.put(A_HEALTHY, List.of(answer(home.get(0), Origin.FRESH, 900.0)));
    logs.put(
        C_DOWN,
        List.of(
            answer(life.get(0), Origin.DEFAULT, 700.0),
            answer(life.get(1), Origin.DEFAULT, 700.0),
            answer(home.get(0), Origin.DEFAULT, 900.0)));
    PricePairs p = pairs(logs);
    PairedPriceError l = p.of(C_DOWN.spec().id()).get("life");
    assertThat(l)
        .isEqualTo(
            PairedPriceError.builder()
                .defaultAnswers(2)
                .defaultCustomers(2)
                .pairedAnswers(0)
                .pairedCustomers(0)
                .biasPct(null)
                .medianAbsPct(null)
                .p95AbsPct(null)
                .biasCi(null)
                .medianAbsCi(null)
                .p95AbsCi(null)
                .build());
    assertThat(l.answersCoveredPct()).isZero();
    // home: one pair whose own premium is the default's: no error, a point interval
    PairedPriceError h = p.of(C_DOWN.spec().id()).get("home");
    assertThat(h.pairedAnswers()).isEqualTo(1);
    assertThat(h.biasPct()).isZero();
    assertThat(h.biasCi()).isEqualTo(new Interval(0, 0));
  }

  @Test
  void aCustomerWhoseOwnPremiumsDisagreeByMoreThanACentIsLeftOutAndCounted() {
    List<Integer> auto = ofLine("auto", 3);
    Map<StepResult, List<RequestRecord>> logs = new HashMap<>();
    logs.put(
        A_HEALTHY,
        List.of(
            answer(auto.get(0), Origin.FRESH, 1_000.0),
            answer(auto.get(1), Origin.FRESH, 500.0),
            answer(auto.get(2), Origin.FRESH, 800.0)));
    logs.put(
        B_HEALTHY,
        List.of(
            // a cent apart: rounding, they agree
            answer(auto.get(0), Origin.CACHED, 1_000.01),
            // a profile that changed: left out
            answer(auto.get(1), Origin.CACHED, 520.0)));
    logs.put(
        C_DOWN,
        List.of(
            answer(auto.get(0), Origin.DEFAULT, 900.0),
            answer(auto.get(1), Origin.DEFAULT, 900.0)));
    PricePairs p = pairs(logs);
    assertThat(p.customers()).isEqualTo(2);
    assertThat(p.inconsistent()).isEqualTo(1);
    assertThat(p.inconsistentCustomers()).containsExactly(KeyFeeder.customerId(auto.get(1)));
    PairedPriceError a = p.of(C_DOWN.spec().id()).get("auto");
    assertThat(a.defaultAnswers()).isEqualTo(2);
    assertThat(a.pairedAnswers()).isEqualTo(1);
    assertThat(a.biasPct()).isEqualTo(-10.0); // against the first own premium recorded, 1 000
  }

  @Test
  void logsWithoutPremiumsGiveNoneAndAStepWithoutALogAddsNothing() {
    List<Integer> auto = ofLine("auto", 1);
    Map<StepResult, List<RequestRecord>> logs = new HashMap<>();
    logs.put(A_HEALTHY, List.of(answer(auto.get(0), Origin.FRESH, null)));
    logs.put(C_DOWN, List.of(answer(auto.get(0), Origin.DEFAULT, null)));
    assertThat(pairs(logs)).isNull();
    assertThat(pairs(Map.of())).isNull();
    // a log with premiums beside one without: only the former is counted
    logs.put(B_HEALTHY, List.of(answer(auto.get(0), Origin.CACHED, 1_000.0)));
    PricePairs p = pairs(logs);
    assertThat(p.logs()).isEqualTo(1);
    assertThat(p.customers()).isEqualTo(1);
    assertThat(p.steps()).as("the down step's DEFAULT carried no premium").isEmpty();
  }

  @Test
  void theBootstrapOverManyPairsIsSeeded() {
    List<Integer> auto = ofLine("auto", 60);
    List<RequestRecord> own = new ArrayList<>();
    List<RequestRecord> defaults = new ArrayList<>();
    for (int i = 0; i < auto.size(); i++) {
      own.add(answer(auto.get(i), Origin.FRESH, 800.0 + 10 * i));
      defaults.add(answer(auto.get(i), Origin.DEFAULT, 1_000.0));
    }
    OwnPremiums index = new OwnPremiums().add(own);
    PairedPriceError first = PairedPriceError.of(defaults, index).get("auto");
    PairedPriceError again = PairedPriceError.of(defaults, new OwnPremiums().add(own)).get("auto");
    assertThat(again).isEqualTo(first);
    assertThat(first.biasCi().high() - first.biasCi().low()).isPositive();
    assertThat(first.biasCi().contains(first.biasPct())).isTrue();
    assertThat(first.p95AbsCi().contains(first.p95AbsPct())).isTrue();
  }

  @Test
  void theProbePricesTheUnpairedCustomersAndIsCounted() {
    List<Integer> auto = ofLine("auto", 4);
    Map<StepResult, List<RequestRecord>> logs = new HashMap<>();
    // customer 0 priced in A's step; 1 and 2 only DEFAULT in the window, 3 only before it
    logs.put(A_HEALTHY, List.of(answer(auto.get(0), Origin.FRESH, 800.0)));
    logs.put(
        C_DOWN,
        List.of(
            answer(auto.get(0), Origin.DEFAULT, 1_000.0),
            answer(auto.get(1), Origin.DEFAULT, 1_000.0),
            answer(auto.get(2), Origin.DEFAULT, 1_000.0),
            at(-1, auto.get(3), Origin.DEFAULT, 1_000.0)));
    List<StepResult> steps = List.of(A_HEALTHY, B_HEALTHY, C_DOWN);
    assertThat(PricePairs.unpaired(steps, logs::get))
        .as("the window's DEFAULT customers without an own premium, not the one before it")
        .containsExactly(KeyFeeder.customerId(auto.get(1)), KeyFeeder.customerId(auto.get(2)));
    assertThat(pairs(logs).probe()).as("no probe log").isNull();
    // the probe prices customer 1 (FRESH, 1 250) and gets a DEFAULT for customer 2
    List<RequestRecord> probe =
        List.of(
            answer(auto.get(1), Origin.FRESH, 1_250.0),
            answer(auto.get(2), Origin.DEFAULT, 1_000.0));
    PricePairs p = PricePairs.of(steps, logs::get, probe);
    assertThat(p.probe()).isEqualTo(new PricePairs.Probe(2, 2, 1));
    assertThat(p.customers()).isEqualTo(2);
    PairedPriceError a = p.of(C_DOWN.spec().id()).get("auto");
    assertThat(a.defaultAnswers()).isEqualTo(3);
    assertThat(a.pairedAnswers()).isEqualTo(2);
    assertThat(a.biasPct()).isEqualTo(2.5); // +25 % against 800, −20 % against 1 250
    assertThat(PricePairs.of(steps, logs::get, List.of()).probe())
        .as("a probe that quoted no one")
        .isEqualTo(new PricePairs.Probe(2, 0, 0));
  }

  @Test
  void perSegmentTheSameAnswersArePairedByTheCustomersSegment() {
    List<Integer> auto = ofLine("auto", 4);
    Map<StepResult, List<RequestRecord>> logs = new HashMap<>();
    logs.put(
        A_HEALTHY,
        List.of(
            answer(auto.get(0), Origin.FRESH, 800.0),
            answer(auto.get(1), Origin.FRESH, 1_000.0),
            answer(auto.get(2), Origin.FRESH, 1_250.0)));
    logs.put(
        C_DOWN,
        List.of(
            answer(auto.get(0), Origin.DEFAULT, 1_000.0),
            answer(auto.get(1), Origin.DEFAULT, 1_000.0),
            answer(auto.get(2), Origin.DEFAULT, 1_000.0),
            answer(auto.get(3), Origin.DEFAULT, 1_000.0)));
    List<StepResult> steps = List.of(A_HEALTHY, B_HEALTHY, C_DOWN);
    // customers 0 and 1 in one segment, 2 in another, 3 in none (left out of the segments)
    Map<String, String> segment =
        Map.of(
            KeyFeeder.customerId(auto.get(0)), "auto old",
            KeyFeeder.customerId(auto.get(1)), "auto old",
            KeyFeeder.customerId(auto.get(2)), "auto new");
    PricePairs p = PricePairs.of(steps, logs::get, null, segment::get);
    assertThat(p.segments()).containsOnlyKeys(C_DOWN.spec().id());
    Map<String, PairedPriceError> s = p.segments().get(C_DOWN.spec().id());
    assertThat(s).containsOnlyKeys("auto old", "auto new");
    assertThat(s.get("auto old").pairedAnswers()).isEqualTo(2);
    assertThat(s.get("auto old").biasPct()).isEqualTo(12.5); // +25 % and 0 %
    assertThat(s.get("auto new").biasPct()).isEqualTo(-20.0);
    assertThat(p.of(C_DOWN.spec().id()).get("auto").defaultAnswers()).isEqualTo(4);
    assertThat(pairs(logs).segments()).as("no segment function: none").isNull();
  }
}
