package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.ops.statistics.Interval;
import solventa.signals.Origin;

/** The price error of a DEFAULT quote, per line, from the premiums a request log recorded. */
class PriceErrorTest {
  private static RequestRecord answer(int index, Origin o, Double premium) {
    return new RequestRecord(
        0, 60, 200, o, 0, "known", KeyFeeder.customerId(index), "127.0.0.1:1", premium);
  }

  private static RequestRecord answerOf(String id) {
    return new RequestRecord(0, 60, 200, Origin.DEFAULT, 0, "new", id, "127.0.0.1:1", 900.0);
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

  @Test
  void eachCustomersOwnPremiumAgainstTheLinesDefault() {
    List<Integer> auto = ofLine("auto", 5);
    List<RequestRecord> rs = new ArrayList<>();
    // the default: 1 000 for every DEFAULT answer of the line
    rs.add(answer(auto.get(0), Origin.DEFAULT, 1_000.0));
    rs.add(answer(auto.get(1), Origin.DEFAULT, 1_000.0));
    // own premiums 800, 1 000, 1 250, 2 000 (one customer answered twice: counted once)
    rs.add(answer(auto.get(1), Origin.FRESH, 800.0));
    rs.add(answer(auto.get(1), Origin.CACHED, 800.0));
    rs.add(answer(auto.get(2), Origin.CACHED, 1_000.0));
    rs.add(answer(auto.get(3), Origin.STALE, 1_250.0));
    rs.add(answer(auto.get(4), Origin.FRESH, 2_000.0));
    Map<String, PriceError> pe = PriceError.of(rs);
    assertThat(pe).containsOnlyKeys("auto");
    PriceError a = pe.get("auto");
    // errors: +25 %, 0 %, −20 %, −50 %
    assertThat(a.defaultPremium()).isEqualTo(1_000.0);
    assertThat(a.defaultAnswers()).isEqualTo(2);
    assertThat(a.customers()).isEqualTo(4);
    assertThat(a.biasPct()).isEqualTo(-11.25);
    assertThat(a.medianAbsPct()).isEqualTo(20.0); // |e| sorted 0, 20, 25, 50: rank ceil(2) = 20
    assertThat(a.p95AbsPct()).isEqualTo(50.0);
    // 95 % bootstrap intervals over the four customers: they hold the estimate, within the data
    assertThat(a.biasCi().low()).isBetween(-50.0, -11.25);
    assertThat(a.biasCi().high()).isBetween(-11.25, 25.0);
    assertThat(a.medianAbsCi().low()).isBetween(0.0, 20.0);
    assertThat(a.medianAbsCi().high()).isBetween(20.0, 50.0);
    assertThat(a.p95AbsCi().high()).isEqualTo(50.0);
    assertThat(PriceError.of(rs).get("auto"))
        .as("seeded: the same log, the same intervals")
        .isEqualTo(a);
  }

  @Test
  void customersWhoseOwnPremiumIsTheDefaultsHaveNoErrorAndAPointInterval() {
    List<Integer> life = ofLine("life", 4);
    List<RequestRecord> rs = new ArrayList<>();
    rs.add(answer(life.get(0), Origin.DEFAULT, 700.0));
    for (int i = 1; i < 4; i++) {
      rs.add(answer(life.get(i), Origin.FRESH, 700.0));
    }
    PriceError l = PriceError.of(rs).get("life");
    assertThat(l.customers()).isEqualTo(3);
    assertThat(l.biasPct()).isZero();
    assertThat(l.biasCi()).isEqualTo(new Interval(0, 0));
    assertThat(l.p95AbsCi()).isEqualTo(new Interval(0, 0));
  }

  @Test
  void aLineWithoutOneDefaultPremiumOrWithoutOwnPremiumsIsLeftOut() {
    List<Integer> home = ofLine("home", 3);
    List<Integer> life = ofLine("life", 3);
    List<RequestRecord> rs = new ArrayList<>();
    // home: two different DEFAULT premiums: the default is not one constant, nothing to say
    rs.add(answer(home.get(0), Origin.DEFAULT, 900.0));
    rs.add(answer(home.get(1), Origin.DEFAULT, 950.0));
    rs.add(answer(home.get(2), Origin.FRESH, 1_000.0));
    // life: a DEFAULT but no customer on their own profile
    rs.add(answer(life.get(0), Origin.DEFAULT, 500.0));
    assertThat(PriceError.of(rs)).isEmpty();
  }

  @Test
  void aLogWithoutPremiumsGivesNone() {
    RequestRecord old =
        new RequestRecord(0, 60, 200, Origin.DEFAULT, 0, "new", "c00001000", "127.0.0.1:1");
    assertThat(PriceError.of(List.of(old))).isNull();
    // an id not of the feeder's form has no line: it is left out
    assertThat(PriceError.of(List.of(answerOf("x-1")))).isEmpty();
  }
}
