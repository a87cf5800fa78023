package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineFactsTest {

  @Test
  void theCpuAndMemoryComeFromTheirFirstLines() {
    Map<String, String> m =
        MachineFacts.describe(
            List.of("processor\t: 0", "model name\t: AMD EPYC", "model name\t: other"),
            List.of("MemTotal:       24641528 kB", "MemFree: 1 kB"));
    assertThat(m.get("cpu")).isEqualTo("AMD EPYC");
    assertThat(m.get("memory")).isEqualTo("24641528 kB");
    assertThat(m.get("processors"))
        .isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
    assertThat(m.get("java")).contains(System.getProperty("java.runtime.version"));
    assertThat(MachineFacts.line(m))
        .startsWith("cpu AMD EPYC; processors ")
        .contains("; memory 24641528 kB; os ")
        .contains("; java ");
  }

  @Test
  void anUnreadableFileOrAMissingLineIsSaidToBeMissing() {
    Map<String, String> m =
        MachineFacts.describe(List.of("processor\t: 0", "model name\t:   "), null);
    assertThat(m.get("cpu")).isEqualTo("missing (no 'model name' line in /proc/cpuinfo)");
    assertThat(m.get("memory")).isEqualTo("missing (/proc/meminfo could not be read)");
  }

  @Test
  void thisMachineIsDescribed() {
    Map<String, String> m = MachineFacts.describe();
    assertThat(m).containsOnlyKeys("processors", "cpu", "memory", "os", "java");
    assertThat(m.values()).allSatisfy(v -> assertThat(v).isNotBlank());
  }
}
