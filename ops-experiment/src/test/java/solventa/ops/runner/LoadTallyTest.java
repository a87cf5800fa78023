package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.Latency;
import solventa.signals.Origin;

/** {@code bin/lab load}'s per-second figures, from the records the generator saw. */
class LoadTallyTest {

  private static RequestRecord answer(long ms, int status, Origin origin) {
    return new RequestRecord(0, ms, status, origin, -1, "known", "c00001000", "127.0.0.1:1");
  }

  @Test
  void sharesAreOfTheOkAnswersAndErrorsAreEverythingElse() {
    LoadTally t = new LoadTally();
    for (int i = 0; i < 6; i++) {
      t.add(answer(62, 200, Origin.CACHED));
    }
    t.add(answer(181, 200, Origin.STALE));
    t.add(answer(183, 200, Origin.DEFAULT));
    t.add(answer(5000, 0, null)); // the client gave up
    t.add(answer(3, 503, null)); // a shed
    assertThat(t.answers()).isEqualTo(10);
    assertThat(t.errors()).isEqualTo(2);
    assertThat(t.cachedShare()).isEqualTo(6 / 8.0);
    assertThat(t.fallbackShare()).isEqualTo(2 / 8.0);
    assertThat(t.latency().p50()).isEqualTo(62.0);
    assertThat(t.latency().max()).isBetween(4990.0, 5010.0);
    assertThat(t.line(1))
        .matches(" +10\\.0 +62 +\\d+ +\\d+ +2 +75\\.0% +25\\.0% +12\\.5% +12\\.5%");
    assertThat(t.line(2)).startsWith("    5.0 ");
  }

  @Test
  void anEmptySpanShowsEveryFigureAsMissing() {
    LoadTally t = new LoadTally();
    t.add(answer(1, 200, Origin.FRESH));
    t.reset();
    assertThat(t.answers()).isZero();
    assertThat(t.fallbackShare()).isNull();
    assertThat(t.cachedShare()).isNull();
    assertThat(t.latency()).isEqualTo(Latency.EMPTY);
    assertThat(t.line(1)).matches(" +0\\.0 +- +- +- +0 +- +- +- +-");
  }

  @Test
  void onlyErrorsLeaveTheSharesMissingButCountTheErrors() {
    LoadTally t = new LoadTally();
    t.add(answer(700, 504, null));
    assertThat(t.errors()).isEqualTo(1);
    assertThat(t.fallbackShare()).isNull();
    assertThat(t.line(1)).contains(" 700 ").matches(".* 1 +- +- +- +-");
  }

  @Test
  void theHeaderNamesEveryColumnOfTheLine() {
    assertThat(LoadTally.header().trim().split(" +"))
        .containsExactly(
            "req/s", "p50", "p95", "p99", "errors", "cached", "fallback", "STALE", "DEFAULT");
    assertThat(LoadTally.header()).hasSameSizeAs(new LoadTally().line(1));
  }
}
