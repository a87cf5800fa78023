package solventa.quote.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.Transition;
import solventa.signals.Origin;

/** The stats JSON: written and read by one type, with the field names the docs publish. */
class StatsSnapshotTest {

  private static StatsSnapshot sample() {
    Map<String, Long> shed = new LinkedHashMap<>();
    for (ShedCause c : ShedCause.values()) {
      shed.put(c.key(), (long) c.ordinal());
    }
    return new StatsSnapshot(
        "C",
        new StatsSnapshot.Quotes(1, 2, 3, 4, 5, 6),
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
        0,
        18,
        19,
        20,
        21,
        15,
        16,
        shed,
        17,
        List.of(1000L, 2000L),
        new StatsSnapshot.Percentiles("ms", 3, 1.5, 2.5, 3.5, 4.5),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new StatsSnapshot.Percentiles("ms", 1, 80, 80, 80, 80),
        new StatsSnapshot.Percentiles("ms", 2, 60.4, 61.0, 61.2, 61.3),
        new StatsSnapshot.Percentiles("ms", 1, 181.2, 181.2, 181.2, 181.2),
        new AdapterSnapshot(
            "ofb",
            "count",
            BreakerState.OPEN,
            List.of(
                new Transition(
                    BreakerState.CLOSED, BreakerState.OPEN, Instant.parse("2026-12-01T00:00:00Z"))),
            Map.of("SUCCESS", 9L),
            120,
            3,
            32,
            32,
            0,
            5,
            5,
            50,
            10_000,
            10,
            5_000,
            1,
            0L),
        new StatsSnapshot.Process(null, 40, 30, 5000, 2, 1 << 20, 1234L));
  }

  @Test
  void whatTheNodeWritesTheRunnerReadsBack() throws Exception {
    StatsSnapshot s = sample();
    assertEquals(s, StatsSnapshot.parse(s.toJson()));
  }

  @Test
  void theJsonKeepsThePublishedFieldNames() throws Exception {
    JsonNode n = new ObjectMapper().readTree(sample().toJson());
    for (Origin o : Origin.values()) {
      assertTrue(n.path("quotes").has(o.name()), o.name());
    }
    assertEquals(2, n.path("quotes").path("CACHED").asLong());
    assertEquals(5, n.path("quotes").path("errors").asLong());
    assertEquals(18, n.path("refusedFromMemory").asLong());
    assertEquals(19, n.path("refreshDeferred").asLong());
    assertEquals(20, n.path("refreshAhead").asLong());
    assertEquals(21, n.path("overBudget").asLong());
    assertEquals(3.5, n.path("latency").path("p99").asDouble());
    assertEquals(60.4, n.path("ratingCost").path("p50").asDouble());
    assertEquals("OPEN", n.path("adapter").path("state").asText());
    assertEquals(
        "2026-12-01T00:00:00Z", n.path("adapter").path("transitions").get(0).path("at").asText());
    assertEquals(
        ShedCause.MAILBOX_FULL.ordinal(),
        n.path("shed").path(ShedCause.MAILBOX_FULL.key()).asLong());
    assertFalse(n.path("process").has("cpuNanos"), "an unknown CPU time is absent, not 0");
    assertEquals(1234, n.path("process").path("jitMillis").asLong());
    assertEquals(4, sample().quotes().of(Origin.DEFAULT));
    assertEquals(21, sample().quotes().total());
    assertFalse(n.path("quotes").has("total"), "a derived figure is not a field");
  }

  @Test
  void anEmptyIntervalHasNoPercentiles() throws Exception {
    StatsSnapshot.Interval empty = new StatsSnapshot.Interval(0, null, null);
    assertEquals("{\"count\":0}", empty.toJson());
    StatsSnapshot.Interval back = StatsSnapshot.Interval.parse(empty.toJson());
    assertNull(back.p99());
    StatsSnapshot.Interval full = new StatsSnapshot.Interval(12, 3.25, 9.0);
    assertEquals(full, StatsSnapshot.Interval.parse(full.toJson()));
  }

  @Test
  void fieldsANewerNodeAddsDoNotBreakAnOlderReader() throws Exception {
    String json = sample().toJson().replaceFirst("\\{", "{\"addedLater\":1,");
    assertEquals(sample(), StatsSnapshot.parse(json));
  }
}
