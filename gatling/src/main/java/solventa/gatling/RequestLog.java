package solventa.gatling;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import solventa.signals.Origin;

/**
 * One line per request ({@link RequestRecord}), kept in memory during the step and written when it
 * ends, so the runner can cut the steady-state window and split by origin. The format is defined
 * here, for the writer ({@link #writeTo}) and the reader ({@link #read}) together: a header line
 * {@value #HEADER}, then one {@link RequestRecord#toLine()} per request.
 */
public final class RequestLog {
  public static final String HEADER =
      "sendEpochMs,latencyMs,status,origin,ageMs,keyKind,customerId,node,premium";

  /** The header of the logs recorded before the answer's premium was (read as premium null). */
  public static final String HEADER_BEFORE_PREMIUM =
      "sendEpochMs,latencyMs,status,origin,ageMs,keyKind,customerId,node";

  static final int COLUMNS = HEADER.split(",").length;

  private final ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
  private volatile Consumer<RequestRecord> watcher;

  /** Hands every request recorded from now on to {@code w} as well (null: nobody watches). */
  void watch(Consumer<RequestRecord> w) {
    watcher = w;
  }

  /**
   * One request; {@code origin}, {@code ageMs} and {@code premium} ({@code premium.amount}) as the
   * answer carried them (empty when it carried none); {@code node} the authority of the quote API
   * it was sent to.
   */
  public void record(
      long sendEpochMs,
      long latencyMs,
      int status,
      String origin,
      String ageMs,
      String keyKind,
      String customerId,
      String node,
      String premium) {
    RequestRecord r =
        RequestRecord.builder()
            .sendMs(sendEpochMs)
            .latencyMs(latencyMs)
            .status(status)
            .origin(origin.isEmpty() ? null : Origin.valueOf(origin))
            .ageMs(ageMs.isEmpty() ? -1 : Long.parseLong(ageMs))
            .keyKind(keyKind)
            .customerId(customerId)
            .node(node)
            .premium(premium.isEmpty() ? null : Double.valueOf(premium))
            .build();
    records.add(r);
    Consumer<RequestRecord> w = watcher;
    if (w != null) {
      w.accept(r);
    }
  }

  public int size() {
    return records.size();
  }

  public void writeTo(Path file) {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(HEADER);
      w.write('\n');
      for (RequestRecord r : records) {
        w.write(r.toLine());
        w.write('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the request log " + file, e);
    }
  }

  /**
   * The records of a log written by {@link #writeTo}, or before the premium column ({@link
   * #HEADER_BEFORE_PREMIUM}). A file whose first line is neither (a log written before the format
   * was fixed, or not a request log) is refused, naming the header found and the one expected.
   */
  public static List<RequestRecord> read(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (lines.isEmpty()
          || !(lines.get(0).equals(HEADER) || lines.get(0).equals(HEADER_BEFORE_PREMIUM))) {
        throw new IllegalArgumentException(
            "not a request log of this build: "
                + file
                + " starts with \""
                + (lines.isEmpty() ? "" : lines.get(0))
                + "\", expected \""
                + HEADER
                + "\"");
      }
      List<RequestRecord> out = new ArrayList<>(lines.size() - 1);
      for (String line : lines.subList(1, lines.size())) {
        out.add(RequestRecord.parse(line));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read request log " + file, e);
    }
  }
}
