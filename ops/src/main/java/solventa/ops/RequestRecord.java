package solventa.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One request as the load generator saw it (a line of the Gatling step's request log).
 *
 * @param status HTTP status, 0 when the client gave up or the connection failed
 * @param origin {@code profile.origin} of a 200 answer, empty otherwise
 * @param ageMs {@code profile.ageMs} of a 200 answer, -1 otherwise
 * @param keyKind {@code known} (one of the step's population) or {@code new} (never seen)
 * @param customerId the customer quoted (empty in logs written before it was recorded)
 * @param node the authority ({@code 127.0.0.1:PORT}) of the node the request was sent to (empty in
 *     logs written before it was recorded)
 */
public record RequestRecord(
    long sendMs,
    long latencyMs,
    int status,
    String origin,
    long ageMs,
    String keyKind,
    String customerId,
    String node) {

  public RequestRecord(
      long sendMs,
      long latencyMs,
      int status,
      String origin,
      long ageMs,
      String keyKind,
      String customerId) {
    this(sendMs, latencyMs, status, origin, ageMs, keyKind, customerId, "");
  }

  public boolean ok() {
    return status == 200;
  }

  public boolean fallback() {
    return origin.equals("STALE") || origin.equals("DEFAULT");
  }

  public static List<RequestRecord> read(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      List<RequestRecord> out = new ArrayList<>(lines.size());
      for (int i = 1; i < lines.size(); i++) {
        String[] f = lines.get(i).split(",", -1);
        if (f.length < 6) {
          continue;
        }
        out.add(
            new RequestRecord(
                Long.parseLong(f[0]),
                Long.parseLong(f[1]),
                Integer.parseInt(f[2]),
                f[3],
                f[4].isEmpty() ? -1 : Long.parseLong(f[4]),
                f[5],
                f.length > 6 ? f[6] : "",
                f.length > 7 ? f[7] : ""));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read request log " + file, e);
    }
  }
}
