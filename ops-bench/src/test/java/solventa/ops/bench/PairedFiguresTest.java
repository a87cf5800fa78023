package solventa.ops.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.results.ResultsFolder;

/** The paired comparison's rules (decision 0056), on what vegeta and /proc give. */
class PairedFiguresTest {

  private static String body(String origin) {
    return Base64.getEncoder()
        .encodeToString(
            ("{\"quoteId\":\"q-1\",\"profile\":{\"origin\":\"" + origin + "\",\"ageMs\":3}}")
                .getBytes(StandardCharsets.UTF_8));
  }

  private static JsonNode report(long n, double success, long p50Ns, long p99Ns) throws Exception {
    return ResultsFolder.JSON.readTree(
        "{\"requests\":"
            + n
            + ",\"success\":"
            + success
            + ",\"latencies\":{\"50th\":"
            + p50Ns
            + ",\"99th\":"
            + p99Ns
            + "}}");
  }

  @Test
  void theMixIsFourPercentNeverSeenAndTheRestOnTheWarmSet() {
    PairedFigures.Mix m = PairedFigures.mix(20_000, 50_000);
    long neverSeen = m.customers().stream().filter(c -> c.compareTo("c00050000") >= 0).count();
    assertThat(neverSeen).isEqualTo(m.nextNeverSeen() - 50_000L);
    assertThat(neverSeen / 20_000.0).isCloseTo(0.04, within(0.005));
    assertThat(m.customers())
        .allMatch(
            c ->
                c.compareTo("c00050000") >= 0
                    || (c.compareTo("c00001000") >= 0 && c.compareTo("c00001300") < 0));
    assertThat(PairedFigures.mix(100, 50_000)).isEqualTo(PairedFigures.mix(100, 50_000));
  }

  @Test
  void theMixRefusesToRunPastTheDoublesUniverse() {
    assertThatThrownBy(() -> PairedFigures.mix(100_000, 99_000))
        .hasMessageContaining("out of never-seen customer ids");
  }

  @Test
  void aTargetIsVegetasJsonWithTheQuoteBody() throws Exception {
    JsonNode t =
        ResultsFolder.JSON.readTree(
            PairedFigures.target("http://127.0.0.1:9/v1/quotes", "c00001042"));
    assertThat(t.path("method").asText()).isEqualTo("POST");
    String b =
        new String(Base64.getDecoder().decode(t.path("body").asText()), StandardCharsets.UTF_8);
    assertThat(b).contains("\"customerId\":\"c00001042\"").contains("\"lineOfBusiness\":\"auto\"");
    assertThat(t.path("header").path("Content-Type").get(0).asText()).isEqualTo("application/json");
  }

  @Test
  void cpuTicksCountFromTheLastParenthesisOfTheCommandName() {
    String stat = "4242 (java (x) y) S 1 2 3 4 5 6 7 8 9 10 150 25 0 0 20 0 40";
    assertThat(PairedFigures.cpuTicks(stat)).isEqualTo(175);
  }

  @Test
  void aWindowReadsVegetasReportAndTheAnswersOrigins() throws Exception {
    PairedFigures.Window w =
        PairedFigures.window(
            report(4, 0.75, 62_000_000L, 181_500_000L),
            List.of(body("CACHED"), body("CACHED"), body("DEFAULT"), ""),
            2.0,
            12L);
    assertThat(w.cpuPerRequest()).isEqualTo(0.5);
    assertThat(w.switchesPerRequest()).isEqualTo(3.0);
    assertThat(w.p50()).isEqualTo(62.0);
    assertThat(w.p99()).isEqualTo(181.5);
    assertThat(w.errorPct()).isCloseTo(25.0, within(1e-9));
    assertThat(w.originPct()).containsEntry("CACHED", 50.0).containsEntry("none", 25.0);
  }

  @Test
  void theRatioIsNodeOverReferenceOnlyWhenBothHeldTheCardsBounds() throws Exception {
    PairedFigures.Window node = window(8000, 2400.0, 0.0, 181);
    PairedFigures.Window ref = window(8000, 5600.0, 0.0, 170);
    assertThat(PairedFigures.ratio(node, ref)).isEqualTo("0.43");
    assertThat(PairedFigures.ratio(node, window(8000, 5600.0, 4.3, 5000)))
        .startsWith("— (")
        .contains("reference: errors 4.30 % > 1 %; p99 5000 ms > 475 ms");
    assertThat(PairedFigures.ratio(window(8000, null, 0.0, 170), ref))
        .contains("a CPU time could not be read");
    assertThat(PairedFigures.row(1, "quote node", node, ""))
        .contains("| 1 | quote node | 0.300 |")
        .contains("| 100.0/0.0/0.0/0.0 |");
  }

  @Test
  void theFloorsTargetIsABareGetOfTheGivenUrl() throws Exception {
    com.fasterxml.jackson.databind.JsonNode t =
        solventa.ops.results.ResultsFolder.JSON.readTree(
            PairedFigures.bareTarget("http://127.0.0.1:8080/health"));
    assertThat(t.path("method").asText()).isEqualTo("GET");
    assertThat(t.path("url").asText()).isEqualTo("http://127.0.0.1:8080/health");
    assertThat(t.has("body")).isFalse();
  }

  @Test
  void theQuotePathAboveTheFloorIsTheDifferenceOrMissingWithItsReason() {
    PairedFigures.Window quotes = window(24_000, 7_200.0, 0.0, 183);
    PairedFigures.AboveFloor met =
        PairedFigures.aboveFloor(1, quotes, window(24_000, 4_080.0, 0.0, 2));
    assertThat(met.ms()).isCloseTo(0.13, within(1e-9));
    assertThat(met.missing()).isNull();
    PairedFigures.AboveFloor atTheBound =
        PairedFigures.aboveFloor(2, quotes, window(24_000, 3_600.0, 0.0, 2));
    assertThat(atTheBound.ms()).isCloseTo(0.15, within(1e-9));
    PairedFigures.AboveFloor failed =
        PairedFigures.aboveFloor(3, quotes, window(24_000, 3_600.0, 2.5, 2));
    assertThat(failed.ms()).isNull();
    assertThat(failed.missing()).isEqualTo("floor: errors 2.50 % > 1 %");
    assertThat(PairedFigures.aboveFloor(4, window(24_000, null, 0.0, 183), quotes).missing())
        .isEqualTo("a CPU time could not be read");
  }

  @Test
  void theTargetsSectionCountsTheWindowsAndRoundsAndJudgesTheirMedian() {
    PairedFigures.Window quotes = window(24_000, 7_200.0, 0.0, 183);
    String met =
        PairedFigures.targets(
            java.util.Arrays.asList(0.55, 0.62, null, 0.58),
            List.of(
                PairedFigures.aboveFloor(1, quotes, window(24_000, 4_080.0, 0.0, 2)),
                PairedFigures.aboveFloor(2, quotes, window(24_000, 2_400.0, 0.0, 2)),
                PairedFigures.aboveFloor(3, quotes, window(24_000, 3_840.0, 0.0, 2)),
                PairedFigures.aboveFloor(4, quotes, window(24_000, 3_600.0, 3.0, 2))));
    assertThat(met)
        .contains("2 of 3 window pairs at or under it (1 without a ratio")
        .contains("median **0.580**, met.")
        .contains("round 1: 0.300 − 0.170 = **0.130 ms** (met)")
        .contains("round 2: 0.300 − 0.100 = **0.200 ms** (not met)")
        .contains("round 3: 0.300 − 0.160 = **0.140 ms** (met)")
        .contains("round 4: missing (floor: errors 3.00 % > 1 %)")
        .contains("met in 2 of 3 rounds; median **0.140 ms**, met.");
    String notMet =
        PairedFigures.targets(
            List.of(0.61, 0.7, 0.5),
            List.of(PairedFigures.aboveFloor(1, quotes, window(24_000, 2_400.0, 0.0, 2))));
    assertThat(notMet)
        .contains("1 of 3 window pairs")
        .contains("median **0.610**, not met.")
        .contains("met in 0 of 1 rounds; median **0.200 ms**, not met.");
    String none = PairedFigures.targets(java.util.Collections.singletonList(null), List.of());
    assertThat(none)
        .contains("missing: no window pair held the card's bounds")
        .contains("no round has the figure");
  }

  @Test
  void aWindowWithoutQuoteAnswersShowsNoOrigins() {
    PairedFigures.Window bare =
        new PairedFigures.Window(
            800,
            200.0,
            4000L,
            1,
            2,
            0,
            Map.of("CACHED", 0.0, "FRESH", 0.0, "STALE", 0.0, "DEFAULT", 0.0, "none", 100.0));
    assertThat(PairedFigures.row(1, "quote node, floor: bare GET /health", bare, "—"))
        .contains("| — (no quote answers) |")
        .doesNotContain("0.0/0.0/0.0/0.0");
  }

  private static PairedFigures.Window window(long n, Double cpuMs, double errorPct, double p99) {
    return new PairedFigures.Window(
        n,
        cpuMs,
        3L * n,
        62,
        p99,
        errorPct,
        Map.of("CACHED", 100.0, "FRESH", 0.0, "STALE", 0.0, "DEFAULT", 0.0, "none", 0.0));
  }
}
