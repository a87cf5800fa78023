package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * C's budget expiry on request logs a degraded walk step produces: answers the budget ended (budget
 * + rating cost + lateness), answers under an open breaker (the rating cost alone), cache hits, a
 * call that failed before the budget; the 5 ms target both ways; the settings a run recorded.
 */
class BudgetExpiryTest {
  static final long T0 = 1_000_000L;
  static final BudgetSettings SETTINGS =
      BudgetSettings.of(
          Map.of(BudgetSettings.BUDGET_KEY, "120 ms", BudgetSettings.RATING_KEY, "60 ms"));

  static RequestRecord answer(long sendOffsetMs, long latencyMs, Origin o) {
    return new RequestRecord(T0 + sendOffsetMs, latencyMs, 200, o, 0, "known", "c1", "");
  }

  /** A degraded walk step of arm C with {@code requests}, analysed as the runner would. */
  static StepResult degraded(List<RequestRecord> requests) {
    return StepInputs.of(StepInputs.spec(ProviderState.DEGRADED, 100, 2, 10), T0)
        .requests(requests)
        .analyze();
  }

  /** 100 budget expiries 180 + lateness ms long, 400 breaker-open fallbacks, 300 cache hits. */
  static List<RequestRecord> degradedLog(long lateMs) {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 100; i++) { // before the breaker opens, mostly in the warm-up slice
      rs.add(
          answer(i * 10, 180 + (i < 98 ? 2 : lateMs), i % 2 == 0 ? Origin.STALE : Origin.DEFAULT));
    }
    for (int i = 0; i < 400; i++) { // the breaker open: at once, the rating cost alone
      rs.add(answer(1_000 + i * 25, 62, Origin.STALE));
    }
    for (int i = 0; i < 300; i++) {
      rs.add(answer(1_000 + i * 30, 250, Origin.CACHED)); // slow, but not a fallback
    }
    rs.add(answer(5_000, 150, Origin.DEFAULT)); // its call failed at 90 ms, before the budget
    rs.add(new RequestRecord(T0 + 6_000, 700, 500, null, -1, "known", "c1", "")); // an error
    return rs;
  }

  @Test
  void onlyFallbackAnswersAtLeastBudgetPlusRatingLongCountAndTheirLatenessIsMeasured() {
    BudgetExpiry b = BudgetExpiry.of(degraded(degradedLog(2)), SETTINGS);
    assertThat(b.fallbacks()).isEqualTo(501);
    assertThat(b.sooner()).isEqualTo(401); // the breaker-open answers and the early failure
    assertThat(b.late().count()).isEqualTo(100);
    assertThat(b.late().p50()).isEqualTo(2.0);
    assertThat(b.late().p99()).isEqualTo(2.0);
    assertThat(b.late().max()).isEqualTo(2.0);
    assertThat(b.withinTarget()).isTrue();
    assertThat(b.missing()).isNull();
    // the reference: the breaker-open answers' own path, 62 − 60 ms; the 150 ms failure is neither
    assertThat(b.atOnce().count()).isEqualTo(400);
    assertThat(b.atOnce().p99()).isEqualTo(2.0);
  }

  @Test
  void aP99PastFiveMsMissesTheTarget() {
    BudgetExpiry b = BudgetExpiry.of(degraded(degradedLog(9)), SETTINGS);
    assertThat(b.late().count()).isEqualTo(100);
    assertThat(b.late().p95()).isEqualTo(2.0);
    assertThat(b.late().p99()).isEqualTo(9.0);
    assertThat(b.withinTarget()).isFalse();
  }

  @Test
  void aP99OfExactlyFiveMsMeetsIt() {
    BudgetExpiry b = BudgetExpiry.of(degraded(degradedLog(5)), SETTINGS);
    assertThat(b.late().p99()).isEqualTo(5.0);
    assertThat(b.withinTarget()).isTrue();
  }

  @Test
  void aStepWhoseFallbacksAllCameAtOnceShowsTheFigureMissingWithTheReason() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      rs.add(answer(i * 100, 63, Origin.DEFAULT)); // the provider down: the breaker open
    }
    BudgetExpiry b = BudgetExpiry.of(degraded(rs), SETTINGS);
    assertThat(b.fallbacks()).isEqualTo(50);
    assertThat(b.sooner()).isEqualTo(50);
    assertThat(b.late()).isEqualTo(Latency.EMPTY);
    assertThat(b.withinTarget()).isNull();
    assertThat(b.missing()).contains("no budget expiry", "50", "180 ms");
    assertThat(b.atOnce().count()).isEqualTo(50);
    assertThat(b.atOnce().max()).isEqualTo(3.0);
  }

  @Test
  void theFloorMovesWithTheRecordedSettingsNotAConstant() {
    BudgetSettings longer =
        BudgetSettings.of(
            Map.of(BudgetSettings.BUDGET_KEY, "150 ms", BudgetSettings.RATING_KEY, "60 ms"));
    assertThat(longer.source()).startsWith("recorded by the run");
    BudgetExpiry b = BudgetExpiry.of(degraded(degradedLog(40)), longer);
    // with a 150 ms budget only the two answers 220 ms long are expiries, 10 ms late
    assertThat(b.late().count()).isEqualTo(2);
    assertThat(b.late().max()).isEqualTo(10.0);
  }

  @Test
  void unknownSettingsOrAStepRecordedBeforeLeaveTheFigureMissing() {
    BudgetSettings bad =
        BudgetSettings.of(
            Map.of(
                BudgetSettings.BUDGET_KEY, "— (unreadable)", BudgetSettings.RATING_KEY, "60 ms"));
    assertThat(bad.known()).isFalse();
    BudgetExpiry b = BudgetExpiry.of(degraded(degradedLog(2)), bad);
    assertThat(b.late()).isEqualTo(Latency.EMPTY);
    assertThat(b.missing()).startsWith("budget or rating cost unknown");
    StepResult old =
        Fixture.step(BenchArm.C, ProviderState.DEGRADED).fallbackLatencies(null).build();
    assertThat(BudgetExpiry.of(old, SETTINGS).missing()).contains("predates");
  }

  @Test
  void aRunWithoutRecordedSettingsUsesTheShippedOnesAndSaysSo() {
    BudgetSettings shipped = BudgetSettings.of(Map.of());
    assertThat(shipped.known()).isTrue();
    assertThat(shipped.budgetMs()).isPositive();
    assertThat(shipped.source()).contains("as shipped", "predates");
    assertThat(BudgetSettings.recorded())
        .containsKeys(BudgetSettings.BUDGET_KEY, BudgetSettings.RATING_KEY);
    // what the runner records reads back as recorded by the run
    BudgetSettings recorded = BudgetSettings.of(BudgetSettings.recorded());
    assertThat(recorded.known()).isTrue();
    assertThat(recorded.source()).startsWith("recorded by the run");
  }

  @Test
  void onlyTheFailingWalkStatesOfCAndCPrimeAreShown() {
    StepResults r =
        new StepResults(
            List.of(
                Fixture.step(BenchArm.C, ProviderState.HEALTHY)
                    .fallbackLatencies(List.of(200L))
                    .build(),
                Fixture.step(BenchArm.C, ProviderState.DEGRADED)
                    .fallbackLatencies(List.of(183L))
                    .build(),
                Fixture.step(BenchArm.B, ProviderState.DEGRADED).build(),
                Fixture.step(BenchArm.C_PRIME, ProviderState.UNRESPONSIVE)
                    .fallbackLatencies(List.of(181L, 64L))
                    .build()));
    List<BudgetExpiry> rows = BudgetExpiry.of(r, "R1", SETTINGS);
    assertThat(rows)
        .extracting(BudgetExpiry::state)
        .containsExactly(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE);
    assertThat(rows.get(0).late().max()).isEqualTo(3.0);
    assertThat(rows.get(1).sooner()).isEqualTo(1);
  }

  @Test
  void aHealthyStepKeepsNoFallbackLatencies() {
    StepResult healthy =
        StepInputs.of(StepInputs.spec(ProviderState.HEALTHY, 100, 2, 10), T0)
            .requests(List.of(answer(10, 190, Origin.DEFAULT)))
            .analyze();
    assertThat(healthy.fallbackLatenciesMs()).isEmpty();
  }
}
