package solventa.gatling;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One line per request, kept in memory during the step and written when it ends, so the runner can
 * cut the steady-state window and split by origin. Columns: {@value #HEADER}.
 */
public final class RequestLog {
  public static final String HEADER =
      "sendEpochMs,latencyMs,status,origin,ageMs,keyKind,customerId,node";

  private final ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();

  public void record(
      long sendEpochMs,
      long latencyMs,
      int status,
      String origin,
      String ageMs,
      String keyKind,
      String customerId,
      String node) {
    lines.add(
        sendEpochMs
            + ","
            + latencyMs
            + ","
            + status
            + ","
            + origin
            + ","
            + ageMs
            + ","
            + keyKind
            + ","
            + customerId
            + ","
            + node);
  }

  public int size() {
    return lines.size();
  }

  public void writeTo(Path file) {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(HEADER);
      w.write('\n');
      for (String l : lines) {
        w.write(l);
        w.write('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the request log " + file, e);
    }
  }
}
