package solventa.gatling;

import solventa.signals.Origin;

/**
 * One request as the load generator saw it: one line of a step's request log ({@link RequestLog},
 * which defines the format; {@link #toLine()} and {@link #parse(String)} are its two directions).
 *
 * @param sendMs when the request was sent (epoch ms)
 * @param latencyMs the response time the generator measured
 * @param status HTTP status, 0 when the client gave up or the connection failed
 * @param origin {@code profile.origin} of a 200 answer, null otherwise
 * @param ageMs {@code profile.ageMs} of a 200 answer, -1 otherwise
 * @param keyKind {@code known} (one of the step's population) or {@code new} (never seen)
 * @param customerId the customer quoted
 * @param node the authority ({@code 127.0.0.1:PORT}) of the node the request was sent to (which
 *     member of a cluster served it)
 */
public record RequestRecord(
    long sendMs,
    long latencyMs,
    int status,
    Origin origin,
    long ageMs,
    String keyKind,
    String customerId,
    String node) {

  public boolean ok() {
    return status == 200;
  }

  /** Priced on the last known or the default profile. */
  public boolean fallback() {
    return origin == Origin.STALE || origin == Origin.DEFAULT;
  }

  /** True when the answer has origin {@code o}. */
  public boolean is(Origin o) {
    return origin == o;
  }

  /** This record as a line of the log, in the columns of {@link RequestLog#HEADER}. */
  public String toLine() {
    return sendMs
        + ","
        + latencyMs
        + ","
        + status
        + ","
        + (origin == null ? "" : origin.name())
        + ","
        + (ageMs < 0 ? "" : Long.toString(ageMs))
        + ","
        + keyKind
        + ","
        + customerId
        + ","
        + node;
  }

  /** A line written by {@link #toLine()}. */
  public static RequestRecord parse(String line) {
    String[] f = line.split(",", -1);
    if (f.length != RequestLog.COLUMNS) {
      throw new IllegalArgumentException(
          "request log line has " + f.length + " columns, not " + RequestLog.COLUMNS + ": " + line);
    }
    return new RequestRecord(
        Long.parseLong(f[0]),
        Long.parseLong(f[1]),
        Integer.parseInt(f[2]),
        f[3].isEmpty() ? null : Origin.valueOf(f[3]),
        f[4].isEmpty() ? -1 : Long.parseLong(f[4]),
        f[5],
        f[6],
        f[7]);
  }
}
