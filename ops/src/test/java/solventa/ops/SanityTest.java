package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SanityTest {
  static final String BODY =
      "{\"quoteId\":\"q-0001\",\"premium\":{\"amount\":\"1.00\"},\"profile\":{\"origin\":\"%s\",\"ageMs\":%d}}";

  @Test
  void sameSchemaAndNearlySameSizePasses() {
    Map<String, String> probes = new LinkedHashMap<>();
    probes.put("A", "200 " + String.format(BODY, "FRESH", 0));
    probes.put("C", "200 " + String.format(BODY, "CACHED", 1234));
    SanityCheck c = Sanity.contract("R1", probes);
    assertThat(c.passed()).as(c.detail()).isTrue();
  }

  @Test
  void aDifferentSchemaOrAnErrorInvalidatesTheRun() {
    Map<String, String> probes = new LinkedHashMap<>();
    probes.put("A", "200 " + String.format(BODY, "FRESH", 0));
    probes.put("B", "200 {\"quoteId\":\"q-0001\",\"extra\":true}");
    probes.put("C", "503 {\"title\":\"down\"}");
    SanityCheck c = Sanity.contract("R1", probes);
    assertThat(c.passed()).isFalse();
    assertThat(c.detail()).contains("B's schema differs from A's").contains("C answered 503");
  }
}
