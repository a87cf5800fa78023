package solventa.ops.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine a run measured: what its figures belong to. The experiment's report lists these in
 * its environment and the benchmark prints them above its rows, because a CPU time or a wake-up
 * cost from one machine does not carry over to another.
 */
public final class MachineFacts {
  private MachineFacts() {}

  /** CPU model, processors, memory, OS and JVM of this machine, in that order. */
  public static Map<String, String> describe() {
    return describe(read("/proc/cpuinfo"), read("/proc/meminfo"));
  }

  /**
   * The same from the text of {@code /proc/cpuinfo} and {@code /proc/meminfo} (each null where it
   * could not be read), for this JVM.
   */
  static Map<String, String> describe(List<String> cpuinfo, List<String> meminfo) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
    m.put("cpu", field(cpuinfo, "model name", "/proc/cpuinfo"));
    m.put("memory", field(meminfo, "MemTotal", "/proc/meminfo"));
    m.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    m.put(
        "java",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    return m;
  }

  /** One line for a report: {@code cpu …, processors …, memory …, os …, java …}. */
  public static String line(Map<String, String> facts) {
    StringBuilder sb = new StringBuilder();
    for (String k : List.of("cpu", "processors", "memory", "os", "java")) {
      if (facts.containsKey(k)) {
        sb.append(sb.length() == 0 ? "" : "; ").append(k).append(' ').append(facts.get(k));
      }
    }
    return sb.toString();
  }

  /**
   * The value after the colon of the first line that starts with {@code key}, or why it is missing.
   */
  static String field(List<String> lines, String key, String file) {
    if (lines == null) {
      return "missing (" + file + " could not be read)";
    }
    return lines.stream()
        .filter(l -> l.startsWith(key))
        .map(l -> l.substring(l.indexOf(':') + 1).trim())
        .filter(v -> !v.isEmpty())
        .findFirst()
        .orElse("missing (no '" + key + "' line in " + file + ")");
  }

  private static List<String> read(String file) {
    try {
      return Files.readAllLines(Path.of(file));
    } catch (IOException e) {
      return null;
    }
  }
}
