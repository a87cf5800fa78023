package solventa.quote.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The readings a soak watches come from this JVM and reach the stats JSON. */
class ProcessReadingsTest {

  @Test
  void theHeapAfterTheLastCollectionAndTheFileDescriptorsAreRead() throws Exception {
    byte[][] garbage = new byte[64][];
    for (int i = 0; i < garbage.length; i++) {
      garbage[i] = new byte[64 * 1024];
    }
    System.gc(); // a collection to report on (a request: the JVM may still skip it)
    StatsSnapshot.Process p = ProcessReadings.now();
    if (p.heapAfterGcBytes() != null) {
      assertThat(p.heapAfterGcBytes())
          .isPositive()
          .isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
    }
    assertThat(p.openFileDescriptors()).as("Linux reports them").isPositive();
    assertThat(p.maxFileDescriptors()).isGreaterThanOrEqualTo(p.openFileDescriptors());
    StatsSnapshot.Process back = StatsSnapshot.parse(sampleWith(p).toJson()).process();
    assertThat(back).isEqualTo(p);
    assertThat(garbage.length).isEqualTo(64);
  }

  private static StatsSnapshot sampleWith(StatsSnapshot.Process p) {
    return new StatsSnapshot(
        "C",
        new StatsSnapshot.Quotes(0, 0, 0, 0, 0, 0),
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        java.util.Map.of(),
        0,
        java.util.List.of(),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        null,
        p);
  }
}
