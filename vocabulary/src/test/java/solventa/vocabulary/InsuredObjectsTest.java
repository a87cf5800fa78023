package solventa.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.InsuredObject.Auto;
import solventa.vocabulary.InsuredObject.Home;
import solventa.vocabulary.InsuredObject.Life;

/** The lab's world: each customer's line, insured object and risk segment, and the incomes. */
class InsuredObjectsTest {

  private static final int N = 30_000;

  @Test
  void theSameIndexAlwaysGivesTheSameObject() {
    for (int i = 0; i < 1_000; i++) {
      assertThat(InsuredObjects.of(i * 7_919)).isEqualTo(InsuredObjects.of(i * 7_919));
    }
    // pinned, so a change of the draws (which would change every recorded own premium) is seen
    assertThat(List.of(InsuredObjects.of(0), InsuredObjects.of(1), InsuredObjects.of(2)))
        .isEqualTo(pinned());
  }

  @Test
  void theLineWalksAutoHomeLifeByIndex() {
    assertThat(InsuredObjects.lineOf(0)).isEqualTo("auto");
    assertThat(InsuredObjects.lineOf(1)).isEqualTo("home");
    assertThat(InsuredObjects.lineOf(2)).isEqualTo("life");
    assertThat(InsuredObjects.lineOf(1_234_567)).isEqualTo("home");
    for (int i = 0; i < 300; i++) {
      assertThat(InsuredObjects.of(i).line()).isEqualTo(InsuredObjects.lineOf(i));
      assertThat(InsuredObjects.segmentOf(i).line()).isEqualTo(InsuredObjects.lineOf(i));
    }
    assertThatThrownBy(() -> InsuredObjects.lineOf(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void vehiclesSpanTheirYearsAndAreValuedByThem() {
    Map<Integer, Integer> byYear = new HashMap<>();
    for (int i = 0; i < N; i += 3) {
      Auto a = (Auto) InsuredObjects.of(i);
      assertThat(a.vehicleYear()).isBetween(2004, 2026);
      assertThat(a.vehicleValue()).isEqualTo(25_000 + 3_500L * (a.vehicleYear() - 2004));
      byYear.merge(a.vehicleYear(), 1, Integer::sum);
    }
    assertThat(byYear).hasSize(23);
    byYear.values().forEach(n -> assertThat(n / (N / 3.0)).isCloseTo(1 / 23.0, offset(0.01)));
  }

  @Test
  void homesAreMostlyMasonryAndValuedInStepsOfTenThousand() {
    Map<String, Integer> byType = new HashMap<>();
    Set<Long> values = new TreeSet<>();
    for (int i = 1; i < N; i += 3) {
      Home h = (Home) InsuredObjects.of(i);
      assertThat(h.propertyValue()).isBetween(200_000L, 900_000L);
      assertThat(h.propertyValue() % 10_000).isZero();
      values.add(h.propertyValue());
      byType.merge(h.constructionType(), 1, Integer::sum);
    }
    assertThat(values).hasSize(71);
    assertThat(byType.get("masonry") / (N / 3.0)).isCloseTo(0.7, offset(0.02));
    assertThat(byType.get("mixed") / (N / 3.0)).isCloseTo(0.2, offset(0.02));
    assertThat(byType.get("wood") / (N / 3.0)).isCloseTo(0.1, offset(0.02));
  }

  @Test
  void livesSpanTheirAgesAndInsuredAmounts() {
    Set<Integer> ages = new TreeSet<>();
    Map<Long, Integer> byAmount = new HashMap<>();
    for (int i = 2; i < N; i += 3) {
      Life l = (Life) InsuredObjects.of(i);
      assertThat(l.age()).isBetween(22, 74);
      assertThat(l.insuredAmount()).isBetween(100_000L, 500_000L);
      assertThat(l.insuredAmount() % 50_000).isZero();
      ages.add(l.age());
      byAmount.merge(l.insuredAmount(), 1, Integer::sum);
    }
    assertThat(ages).hasSize(53);
    assertThat(byAmount).hasSize(9);
    byAmount.values().forEach(n -> assertThat(n / (N / 3.0)).isCloseTo(1 / 9.0, offset(0.015)));
  }

  @Test
  void segmentsAreLabelledAsTheRatingEngineLabelsItsBands() {
    assertThat(labels("auto"))
        .containsExactly("(-inf,2010)", "[2010,2018)", "[2018,2024)", "[2024,+inf)");
    assertThat(labels("life"))
        .containsExactly("(-inf,30)", "[30,40)", "[40,50)", "[50,60)", "[60,70)", "[70,+inf)");
    assertThat(labels("home")).containsExactly("masonry", "mixed", "wood");
    assertThat(InsuredObjects.segments("auto")).allMatch(s -> s.field().equals("vehicleYear"));
    assertThat(InsuredObjects.segments("home")).allMatch(s -> s.field().equals("constructionType"));
    assertThat(InsuredObjects.segments("life")).allMatch(s -> s.field().equals("age"));
    assertThat(InsuredObjects.segments("auto").get(2).display())
        .isEqualTo("auto vehicleYear [2018,2024)");
    assertThat(InsuredObjects.segments("home").get(0)).hasToString("home constructionType masonry");
    assertThatThrownBy(() -> InsuredObjects.segments("pet"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aSegmentIsTheBandOfTheRatedFieldWithHalfOpenBounds() {
    assertThat(new Auto(2009, 1).segment().label()).isEqualTo("(-inf,2010)");
    assertThat(new Auto(2010, 1).segment().label()).isEqualTo("[2010,2018)");
    assertThat(new Auto(2023, 1).segment().label()).isEqualTo("[2018,2024)");
    assertThat(new Auto(2024, 1).segment().label()).isEqualTo("[2024,+inf)");
    assertThat(new Life(29, 1).segment().label()).isEqualTo("(-inf,30)");
    assertThat(new Life(30, 1).segment().label()).isEqualTo("[30,40)");
    assertThat(new Life(70, 1).segment().label()).isEqualTo("[70,+inf)");
    assertThat(new Home(1, "wood").segment().label()).isEqualTo("wood");
  }

  @Test
  void everySegmentIsReached() {
    Map<RiskSegment, Integer> reached = new HashMap<>();
    for (int i = 0; i < N; i++) {
      reached.merge(InsuredObjects.segmentOf(i), 1, Integer::sum);
    }
    for (String line : InsuredObjects.LINES) {
      for (RiskSegment s : InsuredObjects.segments(line)) {
        assertThat(reached.getOrDefault(s, 0)).as(s.display()).isGreaterThan(300);
      }
    }
    assertThat(reached).hasSize(4 + 3 + 6);
  }

  @Test
  void theDeclaredIncomeMultipliers() {
    assertThat(multipliers("auto")).containsExactly(0.55, 0.8, 1.2, 2.4);
    assertThat(multipliers("home")).containsExactly(1.3, 0.8, 0.5);
    assertThat(multipliers("life")).containsExactly(0.6, 0.9, 1.2, 1.5, 1.3, 1.0);
    assertThat(InsuredObjects.medianMonthlyIncome(InsuredObjects.segments("auto").get(3)))
        .isEqualTo(4_500 * 2.4);
    assertThatThrownBy(
            () -> InsuredObjects.incomeMultiplier(new RiskSegment("auto", "vehicleYear", "x")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theJsonIsTheQuoteApisInsuredObject() {
    assertThat(new Auto(2021, 84_500).json())
        .isEqualTo("{\"vehicleValue\":84500,\"vehicleYear\":2021}");
    assertThat(new Home(450_000, "masonry").json())
        .isEqualTo("{\"propertyValue\":450000,\"constructionType\":\"masonry\"}");
    assertThat(new Life(41, 200_000).json()).isEqualTo("{\"insuredAmount\":200000,\"age\":41}");
  }

  private static List<String> labels(String line) {
    return InsuredObjects.segments(line).stream().map(RiskSegment::label).toList();
  }

  private static List<Double> multipliers(String line) {
    return InsuredObjects.segments(line).stream().map(InsuredObjects::incomeMultiplier).toList();
  }

  private static List<InsuredObject> pinned() {
    return List.of(new Auto(2006, 32_000), new Home(790_000, "masonry"), new Life(61, 300_000));
  }
}
