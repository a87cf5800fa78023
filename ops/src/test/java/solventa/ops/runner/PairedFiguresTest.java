package solventa.ops.runner;

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
