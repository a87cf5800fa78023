package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.PairedPriceError;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/** The report's Recommendation section: the sentence, the rule, and every design's standing. */
class ReportRecommendationTest {
  private static final int QUICK_WINDOW =
      solventa.ops.protocol.ExperimentProfile.named("quick").recoveryWindowSec();

  @Test
  void theSectionStatesTheDecisionAndEveryDesignsStandingWithItsCost() {
    List<StepResult> steps = new ArrayList<>();
    for (ProviderState st : Recommendation.REQUIRED_STATES) {
      steps.add(Fixture.step(BenchArm.B, st).latency(700, 705).errors(20).build());
      // C's failure steps age from h = 96 % (2 000 answers a second): the flip comes after the
      // declared hour's outage, and the share recorded over its first lab second is 6.4 %
      steps.add(
          st == ProviderState.HEALTHY
              ? Fixture.step(BenchArm.C, st).latency(64, 66).fallback(4.0).build()
              : Fixture.step(BenchArm.C, st).latency(64, 66).aging(0.96, 20, 2_000).build());
    }
    // C's recovery: the pool far from full, no duplicate call once the provider is healthy again
    steps.add(
        Fixture.step(BenchArm.C, ProviderState.RECOVERY)
            .latency(63, 190)
            .fallback(4.1)
            .recoveryPhases(QUICK_WINDOW, 11, 11, 0)
            .build());
    ExperimentRecord e = Records.of("quick").steps(steps).build();
    List<Report.Block> blocks = Report.build(e);

    int at = -1;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.text().equals("Recommendation")) {
        at = i;
      }
    }
    assertThat(at).as("a Recommendation heading").isPositive();
    assertThat(((Report.Para) blocks.get(at + 1)).text())
        .isEqualTo(
            "**Recommended: arm C, the simplest design that meets the latency requirements in every"
                + " required state of every run and recovers without a stampede, back under 5 % of"
                + " fallback within 60 s. Its fallback share stays within 10 % through a 3600 s"
                + " outage above a minimum production hit rate this run could not measure (fewer"
                + " than two seeded hit rates with a usable unresponsive step); at the lab's seeded"
                + " hit rate it stays within it for outages up to D ≤ 10800 s [8995, 12375]"
                + " (degraded).**");
    assertThat(((Report.Para) blocks.get(at + 2)).text())
        .contains(
            "A, B, C, C'",
            "fallback-ceiling-pct=10 (c)",
            "outage-s=3600 (D)",
            "neither a stampede nor a recovery backlog",
            "back under 5 % within 60 s",
            "the price error of DEFAULT quotes is in the table after the designs'");
    Report.Table t = (Report.Table) blocks.get(at + 3);
    // B+CB was not walked: a variant the results did not run is not a candidate
    assertThat(t.rows().stream().map(r -> r.get(0))).containsExactly("A", "B", "C", "C'");
    assertThat(t.rows().get(1).subList(1, 4))
        .containsExactly(
            "misses", "— (not computed: results judged before rules version 15)", "— (misses)");
    assertThat(t.rows().get(2).get(1)).isEqualTo("qualifies");
    assertThat(Double.parseDouble(t.rows().get(2).get(3))).isBetween(5.0, 7.0);
    assertThat(t.rows().get(2).get(6)).isEqualTo("0.01");
    assertThat(t.rows().get(0).get(7)).contains("A R1 healthy was not run");
    // no request log carried a premium: the price error says why it is missing
    assertThat(((Report.Heading) blocks.get(at + 4)).text())
        .isEqualTo("Price error of DEFAULT quotes");
    assertThat(((Report.Para) blocks.get(at + 5)).text())
        .startsWith(
            "Price error of fallback quotes: not measured: the request logs carry no premium");

    // with premiums recorded, C's down step gives its line's figures
    List<StepResult> priced = new ArrayList<>(steps);
    for (int i = 0; i < priced.size(); i++) {
      StepResult s = priced.get(i);
      if (s.spec().arm() == BenchArm.C && s.spec().state() == ProviderState.DOWN) {
        priced.set(
            i,
            Fixture.step(BenchArm.C, ProviderState.DOWN)
                .latency(64, 66)
                .aging(0.96, 20, 2_000)
                .priceError(
                    Map.of(
                        "auto",
                        new solventa.ops.analysis.figures.PriceError(
                            1350.0,
                            12,
                            80,
                            -3.25,
                            9.5,
                            31.0,
                            new solventa.ops.statistics.Interval(-6.5, 0.25),
                            new solventa.ops.statistics.Interval(7.0, 12.0),
                            null)))
                .build());
      }
    }
    List<Report.Block> withPrices = Report.build(Records.of("quick").steps(priced).build());
    int pe = heading(withPrices, "Price error of DEFAULT quotes");
    Report.Table prices = (Report.Table) withPrices.get(pe + 2);
    assertThat(prices.rows())
        .containsExactly(
            List.of(
                "C · down · R1",
                "auto",
                "1350.00",
                "12",
                "80",
                "-3.3 [-6.5, +0.3]",
                "9.5 [7.0, 12.0]",
                "31.0 [no interval]"));

    // every DEFAULT quote against the same customer's own premium: first, with its coverage
    String down = stepId(priced, ProviderState.DOWN);
    String degraded = stepId(priced, ProviderState.DEGRADED);
    PricePairs pairs =
        new PricePairs(
            9,
            240,
            0,
            List.of(),
            Map.of(
                down,
                Map.of(
                    "auto",
                    PairedPriceError.builder()
                        .defaultAnswers(40)
                        .defaultCustomers(30)
                        .pairedAnswers(30)
                        .pairedCustomers(20)
                        .biasPct(-4.0)
                        .medianAbsPct(8.0)
                        .p95AbsPct(25.0)
                        .biasCi(new Interval(-7.5, -1.0))
                        .medianAbsCi(new Interval(6.0, 10.0))
                        .p95AbsCi(new Interval(20.0, 30.0))
                        .build()),
                degraded,
                Map.of(
                    "life",
                    PairedPriceError.builder()
                        .defaultAnswers(5)
                        .defaultCustomers(5)
                        .pairedAnswers(0)
                        .pairedCustomers(0)
                        .biasPct(null)
                        .medianAbsPct(null)
                        .p95AbsPct(null)
                        .biasCi(null)
                        .medianAbsCi(null)
                        .p95AbsCi(null)
                        .build())),
            new PricePairs.Probe(40, 25, 24));
    List<Report.Block> paired =
        Report.build(Records.of("quick").steps(priced).build().withPricePairs(pairs));
    int ph = heading(paired, "Price error of DEFAULT quotes");
    assertThat(((Report.Para) paired.get(ph + 1)).text())
        .contains(
            "240 customers have one, from 9 request logs; every customer's own premiums agree to"
                + " the cent")
        .contains(
            "the cent. The price probe: after the protocol, 25 of the 40 customers with a DEFAULT answer in"
                + " a step's window and no own premium in the run (a draw with the run's seed,"
                + " at most 2000) were quoted once each on arm A, which waits for the provider,"
                + " with the provider healthy; 24 were priced on their own profile, and are among those with one above. Per");
    assertThat(((Report.Table) paired.get(ph + 2)).rows())
        .containsExactly(
            List.of(
                "C · degraded · R1",
                "life",
                "0 of 5 (0.0 %)",
                "0 of 5",
                "— (" + PriceErrorSection.NONE_PAIRED + ")",
                "— (none paired)",
                "— (none paired)"),
            List.of(
                "C · down · R1",
                "auto",
                "30 of 40 (75.0 %)",
                "20 of 30",
                "-4.0 [-7.5, -1.0]",
                "8.0 [6.0, 10.0]",
                "25.0 [20.0, 30.0]"));
    // the population estimate beside it, for the customers never priced on their own profile
    assertThat(((Report.Para) paired.get(ph + 3)).text())
        .startsWith("The population estimate, which also speaks for the customers never priced");
    assertThat(((Report.Table) paired.get(ph + 4)).rows()).isEqualTo(prices.rows());

    // own premiums that disagree are named, and the broken assumption said
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      ids.add(String.format("c%08d", i));
    }
    List<Report.Block> broken =
        Report.build(
            Records.of("quick")
                .steps(priced)
                .build()
                .withPricePairs(new PricePairs(9, 228, 12, ids.subList(0, 10), Map.of(), null)));
    int bh = heading(broken, "Price error of DEFAULT quotes");
    assertThat(((Report.Para) broken.get(bh + 1)).text())
        .contains(
            "12 customer(s) with own premiums more than a cent apart are left out (c00000000,",
            "c00000009, …): a profile or the rule book changed during the run");
    assertThat(((Report.Para) broken.get(bh + 2)).text())
        .isEqualTo("Paired: no failing walk step of a design had a DEFAULT answer.");
  }

  private static String stepId(List<StepResult> steps, ProviderState state) {
    return steps.stream()
        .filter(s -> s.spec().arm() == BenchArm.C && s.spec().state() == state)
        .findFirst()
        .orElseThrow()
        .spec()
        .id();
  }

  /**
   * C's variants, once walked, are candidates and get a table beside C: the outage's start, the
   * down step, the recovery's pool and backlog, the calls per quote; without them, the section says
   * which command walks them.
   */
  @Test
  void cAndItsVariantsAreComparedSideBySideWhenWalked() {
    List<StepResult> steps = new ArrayList<>();
    for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_CR)) {
      for (ProviderState st : Recommendation.REQUIRED_STATES) {
        steps.add(
            st == ProviderState.HEALTHY
                ? Fixture.step(arm, st).latency(64, 66).fallback(4.0).build()
                : Fixture.step(arm, st).latency(64, 66).aging(0.96, 60, 2_000).build());
      }
      // plain C's backlog fills the pool before the provider is healthy; C+CR's never does
      int backlog = arm == BenchArm.C ? 32 : 9;
      steps.add(
          Fixture.step(arm, ProviderState.RECOVERY)
              .latency(63, 190)
              .fallback(4.1)
              .window(0, FULL_WINDOW + 20)
              .recoveryPhases(FULL_WINDOW, backlog, 9, 0)
              .build());
    }
    // the budget variants, healthy and slow only: a table of their own, not candidates
    for (BenchArm arm : List.of(BenchArm.C_B80, BenchArm.C_B160)) {
      for (ProviderState st : List.of(ProviderState.HEALTHY, ProviderState.SLOW)) {
        steps.add(Fixture.step(arm, st).latency(arm == BenchArm.C_B80 ? 150 : 230, 300).build());
      }
    }
    // recorded at T = 60 s, as the fixtures age: the folder's own T, not today's full's
    ExperimentRecord e =
        Records.of("full")
            .environment(Map.of("profile", "ExperimentProfile[name=full, refreshAfterSec=60]"))
            .steps(steps)
            .build();
    List<Report.Block> blocks = Report.build(e);
    int at = heading(blocks, VariantsSection.HEADING);
    Report.Table budgets =
        blocks.subList(at, blocks.size()).stream()
            .filter(b -> b instanceof Report.Table t && t.headers().get(1).equals("Budget"))
            .map(b -> (Report.Table) b)
            .findFirst()
            .orElseThrow();
    assertThat(budgets.rows().stream().map(r -> r.get(0) + " " + r.get(1)))
        .containsExactly(
            "C@80ms · healthy · R1 80ms",
            "C · healthy · R1 120ms",
            "C@160ms · healthy · R1 160ms",
            "C@80ms · slow · R1 80ms",
            "C@160ms · slow · R1 160ms");
    // 160 ms of budget: a p95 of 230 ms misses the 225 ms threshold
    assertThat(budgets.rows().get(2).get(6)).isEqualTo("no");
    Report.Table t = (Report.Table) blocks.get(at + 2);
    assertThat(t.rows().stream().map(r -> r.get(0))).containsExactly("C · R1", "C+CR · R1");
    assertThat(t.rows().get(0).get(5)).isEqualTo("yes, in second 6");
    assertThat(t.rows().get(1).get(5)).isEqualTo("no");
    assertThat(t.rows().get(1).get(4)).isEqualTo("9 (32), 0 rejected");
    Report.Table rec = (Report.Table) blocks.get(heading(blocks, "Recommendation") + 3);
    assertThat(rec.rows().stream().map(r -> r.get(0))).contains("C", "C+CR");
    assertThat(((Report.Para) blocks.get(heading(blocks, "Recommendation") + 1)).text())
        .startsWith("**Recommended: arm C+CR,");
    assertThat(rec.rows().stream().filter(r -> r.get(0).equals("C")).findFirst().orElseThrow())
        .contains("meets the latency, its recovery fails");

    // the trade-off as pictures: a chart per failure state, one line per design, and the costs
    assertThat(
            blocks.stream()
                .filter(b -> b instanceof Report.Chart)
                .map(b -> ((Report.Chart) b).file()))
        .contains(
            "tradeoff-degraded.svg",
            "tradeoff-unresponsive.svg",
            "tradeoff-down.svg",
            "tradeoff-costs.svg");
    Report.Chart down =
        blocks.stream()
            .filter(b -> b instanceof Report.Chart c && c.file().equals("tradeoff-down.svg"))
            .map(b -> (Report.Chart) b)
            .findFirst()
            .orElseThrow();
    assertThat(down.svg()).contains("C+CR", "actuarial ceiling 10 % (an assumption)");

    // the source's refresh policy T: the same recordings read at a minute, ten minutes, an hour
    // and the declared day; h = 96 % reaches the 10 % ceiling at 0.0625 T, so an hour's outage
    // holds only with the daily source
    int tAt = heading(blocks, "The source's refresh policy T");
    assertThat(((Report.Para) blocks.get(tAt + 1)).text())
        .contains("One T was measured: the lab refreshes a value after T = 60 s");
    Report.Table ts = (Report.Table) blocks.get(tAt + 2);
    assertThat(ts.rows().stream().map(r -> r.get(0) + " " + r.get(1)))
        .containsExactly(
            "60 s C",
            "60 s C+CR",
            "600 s C",
            "600 s C+CR",
            "3600 s C",
            "3600 s C+CR",
            "86400 s (declared) C",
            "86400 s (declared) C+CR");
    // the fixtures' healthy data age, p50 10 ms and p95 20 ms of the lab's 60 s, scaled
    assertThat(ts.rows().get(0).get(2)).isEqualTo("0.0 / 0.0");
    assertThat(ts.rows().get(7).get(2)).isEqualTo("14.4 / 28.8");
    // a source refreshed every minute, ten minutes or hour maps the hour's outage past the steps
    assertThat(ts.rows().get(0).get(4))
        .startsWith("undecided: C degraded (1 run) → fallback through the outage not decidable");
    assertThat(ts.rows().get(5).get(4)).startsWith("undecided: ");
    assertThat(ts.rows().get(7).get(4)).isEqualTo("holds");

    ExperimentRecord without = Records.of("quick").steps(steps.subList(0, 5)).build();
    List<Report.Block> plain = Report.build(without);
    assertThat(((Report.Para) plain.get(heading(plain, VariantsSection.HEADING) + 1)).text())
        .contains("`./bin/lab experiment explore` walks them");
  }

  private static final int FULL_WINDOW =
      solventa.ops.protocol.ExperimentProfile.named("full").recoveryWindowSec();

  private static int heading(List<Report.Block> blocks, String text) {
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.text().equals(text)) {
        return i;
      }
    }
    throw new AssertionError("no heading " + text);
  }
}
