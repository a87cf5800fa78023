package solventa.ops.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A process's context switches so far (voluntary and involuntary, summed over its live threads),
 * read from Linux's {@code /proc/PID/task/TID/status}. Threads that ended before the read are not
 * in the sum, so a delta over a window undercounts a process that starts and ends threads in it
 * (the benchmark's {@code threads started} column shows whether it did). Empty where there is no
 * {@code /proc} or the process is gone.
 */
public final class ContextSwitches {
  private static final Path PROC = Path.of("/proc");

  private ContextSwitches() {}

  /** The process's switches so far, or empty when they cannot be read. */
  public static Optional<Long> of(long pid) {
    return under(PROC.resolve(Long.toString(pid)).resolve("task"));
  }

  /** The sum over {@code taskDir}'s threads; read from a given directory (tests). */
  static Optional<Long> under(Path taskDir) {
    if (!Files.isDirectory(taskDir)) {
      return Optional.empty();
    }
    long sum = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
      for (Path task : tasks) {
        List<String> lines;
        try {
          // ISO-8859-1 reads any byte: a thread name that is not UTF-8 cannot fail the read
          lines = Files.readAllLines(task.resolve("status"), StandardCharsets.ISO_8859_1);
        } catch (NoSuchFileException e) {
          continue; // the thread ended between the listing and the read
        }
        sum += count(lines);
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.of(sum);
  }

  /** {@code voluntary_ctxt_switches} + {@code nonvoluntary_ctxt_switches} of one status file. */
  static long count(List<String> statusLines) {
    long n = 0;
    for (String line : statusLines) {
      if (line.startsWith("voluntary_ctxt_switches:")
          || line.startsWith("nonvoluntary_ctxt_switches:")) {
        n += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    return n;
  }
}
