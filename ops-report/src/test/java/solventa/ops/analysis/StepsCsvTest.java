package solventa.ops.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ResultsFolder;
import solventa.vocabulary.ProviderState;

/** steps.csv is RFC 4180: a value with a comma survives a reader, nothing is rewritten. */
class StepsCsvTest {

  @Test
  void everyStepIsOneRecordWithTheHeadersColumnsAndQuotedValuesSurvive() throws Exception {
    StepResult plain = Fixture.step(BenchArm.C, ProviderState.DEGRADED).latency(64, 66).build();
    StepResult comma = Fixture.step(BenchArm.C_PRIME, ProviderState.DOWN).id("odd,\"id\"").build();
    String csv = ResultsFolder.csv(List.of(plain, comma));
    List<CSVRecord> rows =
        CSVFormat.RFC4180
            .builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .get()
            .parse(new StringReader(csv))
            .getRecords();
    assertThat(rows).hasSize(2);
    String[] header = ResultsFolder.CSV_HEADER.split(",");
    assertThat(rows.get(0).size()).isEqualTo(header.length);
    assertThat(rows.get(0).get("arm")).isEqualTo("C");
    assertThat(rows.get(0).get("p95")).isEqualTo("64.000");
    assertThat(rows.get(0).get("state")).isEqualTo("degraded");
    assertThat(rows.get(1).get("id")).isEqualTo("odd,\"id\"");
    assertThat(rows.get(1).get("arm")).isEqualTo("C'");
  }
}
