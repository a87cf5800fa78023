package solventa.ops.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.gatling.RequestLog;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.PairedPriceError;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * The price pairs come from the request logs of a results folder, so a re-analysis finds them
 * again, and results.json keeps them (or leaves them out when no log carried a premium).
 */
class StepRecordingPricePairsTest {
  @TempDir Path dir;

  private final StepResult healthy = Fixture.step(BenchArm.A, ProviderState.HEALTHY).build();
  private final StepResult down = Fixture.step(BenchArm.C, ProviderState.DOWN).build();
  private final StepResult old = Fixture.step(BenchArm.B, ProviderState.HEALTHY).build();
  private final StepResult unlogged = Fixture.step(BenchArm.B, ProviderState.DOWN).build();
  private final StepResult unreadable = Fixture.step(BenchArm.A, ProviderState.DOWN).build();

  private void log(StepResult s, String header, String... lines) throws Exception {
    Path d = Files.createDirectories(dir.resolve("steps").resolve(s.spec().id()));
    Files.writeString(
        d.resolve(StepRecording.REQUESTS),
        header + "\n" + String.join("\n", lines) + "\n",
        StandardCharsets.UTF_8);
  }

  @Test
  void theStepsRequestLogsGiveTheIndexAndThePairsAndResultsJsonKeepsThem() throws Exception {
    // c00001002 is auto (index 1002 mod 3 = 0), c00001005 too
    log(healthy, RequestLog.HEADER, "1000,60,200,FRESH,0,known,c00001002,127.0.0.1:1,1250.00");
    log(
        down,
        RequestLog.HEADER,
        "1000,60,200,DEFAULT,,known,c00001002,127.0.0.1:1,1000.00",
        "1001,60,200,DEFAULT,,new,c00001005,127.0.0.1:1,1000.00",
        "1002,0,0,,,known,c00001002,127.0.0.1:1,");
    // a log recorded before premiums were kept: its header alone is read
    log(old, RequestLog.HEADER_BEFORE_PREMIUM, "1000,60,200,FRESH,0,known,c00001005,127.0.0.1:1");
    // a file that is not a request log of this build adds nothing, and publishing goes on
    log(unreadable, "time,latency", "1000,60");
    List<StepResult> steps = List.of(healthy, down, old, unreadable, unlogged);
    PricePairs p = StepRecording.pricePairs(dir, steps, java.util.Map.of());
    assertThat(p.logs()).isEqualTo(2);
    assertThat(p.customers()).isEqualTo(1);
    PairedPriceError a = p.of(down.spec().id()).get("auto");
    assertThat(List.of(a.defaultAnswers(), a.pairedAnswers())).containsExactly(2L, 1L);
    assertThat(a.biasPct()).isEqualTo(-20.0);

    ExperimentRecord e = Records.of("quick").steps(steps).build().withPricePairs(p);
    ResultsFolder.save(e, dir);
    assertThat(ResultsFolder.load(dir).pricePairs()).isEqualTo(p);
  }

  @Test
  void withoutPremiumsThereAreNoPairsAndResultsJsonDoesNotMentionThem() throws Exception {
    log(old, RequestLog.HEADER_BEFORE_PREMIUM, "1000,60,200,FRESH,0,known,c00001005,127.0.0.1:1");
    List<StepResult> steps = List.of(old, unlogged);
    assertThat(StepRecording.pricePairs(dir, steps, java.util.Map.of())).isNull();
    ResultsFolder.save(Records.of("quick").steps(steps).build().withPricePairs(null), dir);
    assertThat(Files.readString(dir.resolve("results.json"))).doesNotContain("pricePairs");
  }

  /**
   * A run that quoted each customer on their own object pairs per segment too, and the price
   * probe's log prices a customer no step did.
   */
  @Test
  void theProbesLogAndTheSegmentsJoinThePairsWhenTheRunRecordedThem() throws Exception {
    log(healthy, RequestLog.HEADER, "1000,60,200,FRESH,0,known,c00001002,127.0.0.1:1,1250.00");
    log(
        down,
        RequestLog.HEADER,
        "1000,60,200,DEFAULT,,known,c00001002,127.0.0.1:1,1000.00",
        "1001,60,200,DEFAULT,,new,c00001005,127.0.0.1:1,1000.00");
    Path probe = Files.createDirectories(dir.resolve(StepRecording.PRICE_PROBE));
    Files.writeString(
        probe.resolve(StepRecording.REQUESTS),
        RequestLog.HEADER + "\n5000,90,200,FRESH,0,known,c00001005,127.0.0.1:2,800.00\n",
        StandardCharsets.UTF_8);
    List<StepResult> steps = List.of(healthy, down);
    java.util.Map<String, String> env =
        java.util.Map.of(StepRecording.INSURED_OBJECTS, StepRecording.OBJECTS_BY_SEGMENT);
    PricePairs p = StepRecording.pricePairs(dir, steps, env);
    assertThat(p.probe()).isEqualTo(new PricePairs.Probe(1, 1, 1));
    PairedPriceError a = p.of(down.spec().id()).get("auto");
    assertThat(List.of(a.defaultAnswers(), a.pairedAnswers())).containsExactly(2L, 2L);
    String first = solventa.gatling.KeyFeeder.segmentOf("c00001002").display();
    String second = solventa.gatling.KeyFeeder.segmentOf("c00001005").display();
    assertThat(p.segments().get(down.spec().id())).containsKeys(first, second);
    assertThat(first).startsWith("auto vehicleYear ");
    assertThat(StepRecording.pricePairs(dir, steps, java.util.Map.of()).segments())
        .as("a run recorded with one object per line has no segments")
        .isNull();
  }
}
