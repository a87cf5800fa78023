package solventa.ops.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one Schemathesis run found, read from its JSON run report ({@code st run --report json}):
 * the cases it generated, the failures by code and title, the errors and the warnings (a schema
 * that mostly rejects the data generated from it, operations that never returned data…).
 *
 * @param generated test cases generated (and sent)
 * @param withFailures cases on which a check failed
 * @param failures each failure group: "ST202 Rejected positive data ×3 (POST /v1/quotes)"
 * @param errors each error group: "Network Error ×1"
 * @param warnings the run's warnings, by Schemathesis's labels
 * @param exitCode Schemathesis's exit code (0: no failure)
 * @param seconds the run's time
 */
record SchemathesisRun(
    long generated,
    long withFailures,
    List<String> failures,
    List<String> errors,
    List<String> warnings,
    int exitCode,
    double seconds) {

  /** The fewest cases a run must generate for the row to count it. */
  static final long MIN_CASES = 1_000;

  static SchemathesisRun of(JsonNode report) {
    List<String> failures = new ArrayList<>();
    for (JsonNode f : report.path("failures")) {
      failures.add(
          f.path("code").asText()
              + " "
              + f.path("title").asText()
              + " ×"
              + f.path("count").asLong()
              + " "
              + f.path("operations"));
    }
    List<String> errors = new ArrayList<>();
    for (JsonNode e : report.path("errors")) {
      errors.add(e.path("title").asText() + " ×" + e.path("count").asLong());
    }
    List<String> warnings = new ArrayList<>();
    JsonNode w = report.path("warnings");
    if (w.isObject()) {
      w.fields()
          .forEachRemaining(
              e -> {
                if (!e.getValue().isArray() || !e.getValue().isEmpty()) {
                  warnings.add(e.getKey() + " " + e.getValue());
                }
              });
    } else {
      w.forEach(x -> warnings.add(x.asText()));
    }
    return new SchemathesisRun(
        report.path("test_cases").path("generated").asLong(),
        report.path("test_cases").path("with_failures").asLong(),
        failures,
        errors,
        warnings,
        report.path("exit_code").asInt(-1),
        report.path("running_time").asDouble());
  }

  /** Every check passed on at least {@link #MIN_CASES} cases, with no error and no warning. */
  boolean holds() {
    return generated >= MIN_CASES
        && withFailures == 0
        && failures.isEmpty()
        && errors.isEmpty()
        && warnings.isEmpty()
        && exitCode == 0;
  }

  /** In words, for the row's measured cell. */
  String summary() {
    return String.format(
        Locale.ROOT,
        "%d cases generated in %.1f s, %d with a failure; failures %s; errors %s; warnings %s;"
            + " exit code %d",
        generated,
        seconds,
        withFailures,
        failures,
        errors,
        warnings,
        exitCode);
  }
}
