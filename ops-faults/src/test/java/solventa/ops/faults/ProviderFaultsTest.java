package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The uncovered-fault rows' expectation can fail, on each of its terms. */
class ProviderFaultsTest {
  @Test
  void holdsOnlyWithinEveryBound() {
    assertThat(ProviderFaults.holds(7000, 70, 300, 0, 2_000)).isTrue();
    assertThat(ProviderFaults.holds(7000, 71, 300, 0, 2_000)).as("errors over 1 %").isFalse();
    assertThat(ProviderFaults.holds(7000, 0, 476, 0, 2_000)).as("p99 over 475 ms").isFalse();
    assertThat(ProviderFaults.holds(7000, 0, 300, 1, 2_000)).as("a value lost").isFalse();
    assertThat(ProviderFaults.holds(7000, 0, 300, 0, -1)).as("no FRESH answer").isFalse();
    assertThat(ProviderFaults.holds(7000, 0, 300, 0, 8_001)).as("FRESH too late").isFalse();
    assertThat(ProviderFaults.holds(0, 0, 0, 0, 0)).as("nothing sent").isFalse();
    assertThat(ProviderFaults.holds(7000, 0, 300, 0, 2_000, 0)).isTrue();
    assertThat(ProviderFaults.holds(7000, 0, 300, 0, 2_000, 1))
        .as("a FRESH answer while the provider's answers carry nothing to price")
        .isFalse();
  }

  @Test
  void everyUncoveredFaultHasAnInjectionOrIsTheFlapper() {
    assertThat(ProviderFaults.uncovered(null))
        .extracting(ProviderFaults.Uncovered::fault)
        .containsExactly(
            "provider throttling (429 + Retry-After)",
            "provider truncated body",
            "provider slow body",
            "provider wrong schema",
            "provider wrong schema, data an object",
            "provider flapping (gray)");
    assertThat(ProviderFaults.uncovered(null))
        .filteredOn(ProviderFaults.Uncovered::noFresh)
        .extracting(ProviderFaults.Uncovered::fault)
        .containsExactly("provider wrong schema", "provider wrong schema, data an object");
  }
}
