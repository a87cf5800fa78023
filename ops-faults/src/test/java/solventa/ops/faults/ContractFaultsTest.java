package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract group's reading of a Schemathesis run, and each way its row can fail. */
class ContractFaultsTest {
  static final ObjectMapper JSON = new ObjectMapper();

  /** A run report as Schemathesis 4.32 writes it (the fields the row reads). */
  static JsonNode report(
      long generated, long withFailures, String failures, String warnings, int exit)
      throws Exception {
    return JSON.readTree(
        "{\"exit_code\":"
            + exit
            + ",\"running_time\":58.6,\"test_cases\":{\"generated\":"
            + generated
            + ",\"with_failures\":"
            + withFailures
            + "},\"failures\":"
            + failures
            + ",\"errors\":[],\"warnings\":"
            + warnings
            + "}");
  }

  static final String NO_WARNINGS =
      "{\"missing_auth\":[],\"missing_test_data\":[],\"validation_mismatch\":[]}";

  @Test
  void aCleanRunOfEnoughCasesHoldsAndEachShortfallFails() throws Exception {
    assertThat(SchemathesisRun.of(report(1414, 0, "[]", NO_WARNINGS, 0)).holds()).isTrue();
    assertThat(SchemathesisRun.of(report(999, 0, "[]", NO_WARNINGS, 0)).holds())
        .as("fewer than 1,000 cases")
        .isFalse();
    SchemathesisRun failed =
        SchemathesisRun.of(
            report(
                1414,
                3,
                "[{\"code\":\"ST204\",\"title\":\"Wrong response to undeclared method\","
                    + "\"count\":3,\"operations\":[\"TRACE /health\"]}]",
                NO_WARNINGS,
                1));
    assertThat(failed.holds()).isFalse();
    assertThat(failed.failures())
        .containsExactly("ST204 Wrong response to undeclared method ×3 [\"TRACE /health\"]");
    SchemathesisRun warned =
        SchemathesisRun.of(
            report(
                1414,
                0,
                "[]",
                "{\"missing_auth\":[],\"validation_mismatch\":[\"POST /v1/quotes\"]}",
                0));
    assertThat(warned.holds()).as("a warning").isFalse();
    assertThat(warned.warnings()).containsExactly("validation_mismatch [\"POST /v1/quotes\"]");
    assertThat(warned.summary()).contains("1414 cases generated in 58.6 s");
  }

  @Test
  void theCommandRunsEveryCheckWithThePinnedCountAndSeedAndShowsPathsFromTheCheckout() {
    Path root = Path.of("/lab");
    List<String> c =
        ContractFaults.command(
            root.resolve(".tools/contract-venv/bin/st"),
            root.resolve("docs/openapi.yaml"),
            "http://127.0.0.1:8080",
            42,
            Path.of("/out/contract/schemathesis.json"));
    assertThat(String.join(" ", ContractFaults.shown(c, root)))
        .isEqualTo(
            ".tools/contract-venv/bin/st run docs/openapi.yaml --url http://127.0.0.1:8080"
                + " --checks all --max-examples 1200 --seed 42 --workers 1"
                + " --generation-database none --no-color");
    assertThat(c).contains("--report-json-path", "/out/contract/schemathesis.json");
  }

  @Test
  void theSummaryIsSchemathesisOwnFromItsSummaryLine(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("schemathesis.txt");
    Files.writeString(
        out,
        "lots of progress\n=== SUMMARY ===\n\nTest cases:\n  1414 generated, 1414 passed\n\n"
            + "=== No issues found in 58.58s ===\n");
    assertThat(ContractFaults.tail(out))
        .isEqualTo("SUMMARY Test cases: 1414 generated, 1414 passed No issues found in 58.58s");
  }
}
