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
 * @param premium {@code premium.amount} of a 200 answer, null otherwise (and in a log written
 *     before the column was added)
 */
public record RequestRecord(
    long sendMs,
    long latencyMs,
    int status,
    Origin origin,
    long ageMs,
    String keyKind,
    String customerId,
    String node,
    Double premium) {

  /** A request whose answer's premium was not recorded. */
  public RequestRecord(
      long sendMs,
      long latencyMs,
      int status,
      Origin origin,
      long ageMs,
      String keyKind,
      String customerId,
      String node) {
    this(sendMs, latencyMs, status, origin, ageMs, keyKind, customerId, node, null);
  }

  /**
   * A request whose fields are named as they are set; what is not set is what a request without an
   * answer has: no origin, no age (-1), no premium.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** One request's fields, named ({@link #builder}). */
  public static final class Builder {
    private long sendMs;
    private long latencyMs;
    private int status;
    private Origin origin;
    private long ageMs = -1;
    private String keyKind;
    private String customerId;
    private String node;
    private Double premium;

    private Builder() {}

    public Builder sendMs(long v) {
      this.sendMs = v;
      return this;
    }

    public Builder latencyMs(long v) {
      this.latencyMs = v;
      return this;
    }

    public Builder status(int v) {
      this.status = v;
      return this;
    }

    public Builder origin(Origin v) {
      this.origin = v;
      return this;
    }

    public Builder ageMs(long v) {
      this.ageMs = v;
      return this;
    }

    public Builder keyKind(String v) {
      this.keyKind = v;
      return this;
    }

    public Builder customerId(String v) {
      this.customerId = v;
      return this;
    }

    public Builder node(String v) {
      this.node = v;
      return this;
    }

    public Builder premium(Double v) {
      this.premium = v;
      return this;
    }

    public RequestRecord build() {
      return new RequestRecord(
          sendMs, latencyMs, status, origin, ageMs, keyKind, customerId, node, premium);
    }
  }

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
        + node
        + ","
        + (premium == null ? "" : String.format(java.util.Locale.ROOT, "%.2f", premium));
  }

  /**
   * A line written by {@link #toLine()}, or by a build before the premium column ({@link
   * RequestLog#HEADER_BEFORE_PREMIUM}: its premium is null).
   */
  public static RequestRecord parse(String line) {
    String[] f = line.split(",", -1);
    if (f.length != RequestLog.COLUMNS && f.length != RequestLog.COLUMNS - 1) {
      throw new IllegalArgumentException(
          "request log line has " + f.length + " columns, not " + RequestLog.COLUMNS + ": " + line);
    }
    return builder()
        .sendMs(Long.parseLong(f[0]))
        .latencyMs(Long.parseLong(f[1]))
        .status(Integer.parseInt(f[2]))
        .origin(f[3].isEmpty() ? null : Origin.valueOf(f[3]))
        .ageMs(f[4].isEmpty() ? -1 : Long.parseLong(f[4]))
        .keyKind(f[5])
        .customerId(f[6])
        .node(f[7])
        .premium(f.length < RequestLog.COLUMNS || f[8].isEmpty() ? null : Double.valueOf(f[8]))
        .build();
  }
}
