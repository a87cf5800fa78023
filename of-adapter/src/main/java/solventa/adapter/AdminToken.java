package solventa.adapter;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The bearer token that mutating management routes require (breaker force-open/close, the quote
 * node's stats reset). Set by config, and by default from the environment variable {@value #ENV};
 * with none set, every mutating route is refused. Compared in constant time.
 *
 * <p>{@link #check} answers what to refuse with: 401 when the request carries no bearer token, 403
 * when it carries a wrong one or when no token is configured.
 */
public final class AdminToken {
  /** The environment variable every lab component reads its admin token from by default. */
  public static final String ENV = "LAB_ADMIN_TOKEN";

  private final byte[] expected;

  private AdminToken(String token) {
    this.expected = token == null ? new byte[0] : token.getBytes(StandardCharsets.UTF_8);
  }

  /** The configured token; null or blank means none (mutating routes refused). */
  public static AdminToken of(String token) {
    return new AdminToken(token == null || token.isBlank() ? null : token.trim());
  }

  public boolean configured() {
    return expected.length > 0;
  }

  /** Why a request is refused: an HTTP status and a detail naming the cause. */
  public record Refusal(int status, String detail) {}

  /**
   * @param authorization the request's {@code Authorization} header, if any
   * @param configKey the setting that holds the token, named in the refusal
   * @return empty when authorized
   */
  public Optional<Refusal> check(Optional<String> authorization, String configKey) {
    if (!configured()) {
      return Optional.of(
          new Refusal(403, "mutating routes are disabled: no admin token set (" + configKey + ")"));
    }
    String header = authorization.orElse("").trim();
    if (!header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.of(new Refusal(401, "a bearer token is required (Authorization: Bearer)"));
    }
    byte[] given = header.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    if (!MessageDigest.isEqual(expected, given)) {
      return Optional.of(new Refusal(403, "the bearer token is not valid"));
    }
    return Optional.empty();
  }
}
