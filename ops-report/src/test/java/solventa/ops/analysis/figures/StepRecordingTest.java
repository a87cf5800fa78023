package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.adapter.model.BreakerState;
import solventa.gatling.RequestRecord;
import solventa.ops.results.ResultsFolder;
import solventa.ops.results.StepRecording;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/** A step's raw recording: stored beside its request log, it analyses to the same result. */
class StepRecordingTest {
  static final long T0 = StepAnalyzerTest.T0;

  @TempDir Path dir;

  private static StepAnalyzer.Inputs inputs() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      Origin o = i % 5 == 0 ? Origin.STALE : Origin.CACHED;
      rs.add(new RequestRecord(T0 + i * 100, 60 + i % 7, 200, o, 1_000L * i, "known", "c" + i, ""));
    }
    rs.add(new RequestRecord(T0 + 5_000, 700, 504, null, -1, "new", "x", ""));
    var open = new BreakerTransition(BreakerState.CLOSED, BreakerState.OPEN, T0 + 1_500);
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      samples.add(new Sample(T0 + i * 1_000L, i < 2 ? "CLOSED" : "OPEN", 3L * i, i % 4));
    }
    List<NodeInterval> seconds = new ArrayList<>();
    for (int i = 1; i <= 12; i++) {
      seconds.add(new NodeInterval(T0 + i * 1_000L, 10, 62.0 + i, 70.0 + i));
    }
    return StepInputs.of(StepAnalyzerTest.spec(ProviderState.UNRESPONSIVE, 2, 10), T0)
        .requests(rs)
        .atEnd(StepAnalyzerTest.stats(List.of(T0 + 100, T0 + 900), List.of(open)))
        .rejectedAtStart(1)
        .samples(samples)
        .nodeSeconds(seconds)
        .seededPopulation(250)
        .build();
  }

  @Test
  void aStoredRecordingAnalysesToExactlyTheSameResult() throws Exception {
    StepAnalyzer.Inputs in = inputs();
    Path step = dir.resolve("steps").resolve(in.spec().id());
    StepRecording.save(step, in);
    assertThat(step.resolve(StepRecording.FILE)).isRegularFile();
    assertThat(step.resolve(StepRecording.REQUESTS)).isRegularFile();

    StepResult original = StepAnalyzer.analyze(in);
    StepResult again = StepAnalyzer.analyze(StepRecording.load(step).orElseThrow());
    assertThat(ResultsFolder.JSON.writeValueAsString(again))
        .isEqualTo(ResultsFolder.JSON.writeValueAsString(original));
    assertThat(StepRecording.reanalyze(dir, original)).isPresent();
  }

  @Test
  void aStepWithoutARecordingIsNotReanalysed() throws Exception {
    StepResult r = StepAnalyzer.analyze(inputs());
    assertThat(StepRecording.reanalyze(dir, r)).isEmpty();
    // a request log alone (results written before recordings) is not enough either
    Path step = Files.createDirectories(dir.resolve("steps").resolve(r.spec().id()));
    Files.writeString(step.resolve(StepRecording.REQUESTS), solventa.gatling.RequestLog.HEADER);
    assertThat(StepRecording.reanalyze(dir, r)).isEmpty();
  }

  @Test
  void aReRunStepKeepsItsFirstAttemptsInvalidations() throws Exception {
    StepAnalyzer.Inputs in = inputs();
    StepRecording.save(dir.resolve("steps").resolve(in.spec().id()), in);
    // what the runner stores for a re-run step: attempt 1's reasons, then attempt 2's own
    StepResult second = StepAnalyzer.analyze(in);
    List<String> all = new ArrayList<>(List.of("attempt 1: the generator fell behind"));
    second.invalidations().forEach(x -> all.add("attempt 2: " + x));
    StepResult stored = second.withInvalidations(all, second.invalidations().isEmpty(), 2);
    StepResult again = StepRecording.reanalyze(dir, stored).orElseThrow();
    assertThat(ResultsFolder.JSON.writeValueAsString(again))
        .isEqualTo(ResultsFolder.JSON.writeValueAsString(stored));
    assertThat(again.attempts()).isEqualTo(2);
    assertThat(again.invalidations()).first().isEqualTo("attempt 1: the generator fell behind");
  }

  /**
   * Issue 30: the recording is stored grouped (times, load, readings, known customers), and a
   * recording made before, flat, still reads and analyses to the same result.
   */
  @Test
  void theRecordingIsStoredGroupedAndAFlatOneStillReads() throws Exception {
    StepAnalyzer.Inputs in = inputs();
    Path step = dir.resolve("steps").resolve(in.spec().id());
    StepRecording.save(step, in);
    com.fasterxml.jackson.databind.JsonNode stored;
    try (var gz =
        new java.util.zip.GZIPInputStream(Files.newInputStream(step.resolve(StepRecording.FILE)))) {
      stored = ResultsFolder.JSON.readTree(gz);
    }
    assertThat(stored.fieldNames())
        .toIterable()
        .containsExactly("spec", "times", "load", "readings", "known");
    assertThat(stored.path("times").path("windowStartMs").asLong()).isEqualTo(in.windowStartMs());

    // the same recording in the flat form of earlier runs
    com.fasterxml.jackson.databind.node.ObjectNode flat = ResultsFolder.JSON.createObjectNode();
    flat.set("spec", stored.path("spec"));
    for (String group : List.of("times", "load", "readings", "known")) {
      stored.path(group).fields().forEachRemaining(e -> flat.set(e.getKey(), e.getValue()));
    }
    try (var gz =
        new java.util.zip.GZIPOutputStream(
            Files.newOutputStream(step.resolve(StepRecording.FILE)))) {
      ResultsFolder.JSON.writeValue(gz, flat);
    }
    StepResult fromFlat = StepAnalyzer.analyze(StepRecording.load(step).orElseThrow());
    assertThat(ResultsFolder.JSON.writeValueAsString(fromFlat))
        .isEqualTo(ResultsFolder.JSON.writeValueAsString(StepAnalyzer.analyze(in)));
  }
}
