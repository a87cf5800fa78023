package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Lost values count the node's memory as well as Redis, over a recorded fixture: what Redis held
 * before a row, what it held once the row settled, and what a quote with the provider down answered
 * for each value Redis no longer had.
 */
class HeldValuesTest {
  static final Instant T0 = Instant.parse("2026-12-05T10:00:00Z");

  @Test
  void aValueMissingFromRedisThatTheNodeNoLongerAnswersIsLost() {
    Map<String, Instant> had =
        Map.of(
            "c00070000", T0, // kept in Redis
            "c00070001", T0, // refreshed in Redis
            "c00070002", T0, // gone from Redis, its entity still holds it
            "c00070003", T0, // gone from Redis, the node dropped it: DEFAULT
            "c00070004", T0, // overwritten in Redis by an older value, no answer to the probe
            "c00079000", Instant.EPOCH); // given during the row, never written, held in memory
    Map<String, Instant> inRedis =
        Map.of(
            "c00070000", T0,
            "c00070001", T0.plusSeconds(5),
            "c00070004", T0.minusSeconds(1));
    Map<String, String> probed =
        Map.of(
            "c00070002", "STALE",
            "c00070003", "DEFAULT",
            "c00079000", "CACHED");

    HeldValues held = HeldValues.judge(had, inRedis, probed);

    assertThat(held.had()).isEqualTo(6);
    assertThat(held.notInRedis())
        .containsExactly("c00070002", "c00070003", "c00070004", "c00079000");
    assertThat(held.inMemory()).containsExactly("c00070002", "c00079000");
    assertThat(held.lost()).containsExactly("c00070003", "c00070004");
    assertThat(held.toString())
        .contains("of 6 values the node had, 4 not in Redis: 2 answered from memory")
        .contains("2 lost [c00070003, c00070004]");
  }

  @Test
  void aFreshAnswerToTheProbeDoesNotShowAHeldValue() {
    // the provider was meant to be down: a FRESH answer is a new value, not the one the node had
    HeldValues held =
        HeldValues.judge(Map.of("c00070000", T0), Map.of(), Map.of("c00070000", "FRESH"));
    assertThat(held.lost()).containsExactly("c00070000");
  }

  @Test
  void nothingMissingFromRedisNeedsNoProbeAndLosesNothing() {
    HeldValues held = HeldValues.judge(Map.of("c00070000", T0), Map.of("c00070000", T0), Map.of());
    assertThat(held.notInRedis()).isEmpty();
    assertThat(held.lost()).isEmpty();
  }
}
