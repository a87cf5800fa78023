package solventa.quote;

/**
 * An RFC 9457 problem body ({@code application/problem+json}); {@code field} names the offending
 * request field for 400s and is null otherwise.
 */
public record Problem(String type, String title, int status, String detail, String field) {
  private static final String BASE = "https://solventa.example/problems/";

  public static Problem badRequest(String field, String detail) {
    return new Problem(BASE + "invalid-request", "Invalid request", 400, detail, field);
  }

  public static Problem tooLarge(long limit) {
    return new Problem(
        BASE + "body-too-large",
        "Request body too large",
        413,
        "the request body exceeds " + limit + " bytes",
        "body");
  }

  public static Problem providerTimeout(String detail) {
    return new Problem(
        BASE + "provider-timeout",
        "Open Finance provider did not answer in time",
        504,
        detail,
        null);
  }

  public static Problem providerUnavailable(String detail) {
    return new Problem(
        BASE + "provider-unavailable", "Open Finance provider unavailable", 503, detail, null);
  }

  public static Problem resolutionTimeout(String detail) {
    return new Problem(
        BASE + "resolution-timeout", "Profile resolution did not complete", 504, detail, null);
  }

  public static Problem internal(String detail) {
    return new Problem(BASE + "internal", "Internal error", 500, detail, null);
  }

  public static Problem of(int status, String title, String detail) {
    return new Problem(BASE + "http-" + status, title, status, detail, null);
  }
}
