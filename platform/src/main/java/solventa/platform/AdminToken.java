package solventa.platform;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The bearer token that mutating management routes require (breaker force-open/close, the quote
 * node's stats reset). Set by config, and by default from the environment variable {@value #ENV};
 * with none set, every mutating route is refused. Compared in constant time.
 *
 * <p>A configured token must be a secret: the rule of {@link Secret}. {@link #fromSetting} refuses
 * anything else, so a server with a weak token refuses to start, naming the setting and the token's
 * length (never the token).
 *
 * <p>{@link #check} answers what to refuse with: 401 when the request carries no bearer token or a
 * wrong one (RFC 6750: {@code invalid_token} is a 401), 403 when no token is configured (the routes
 * are switched off; no credential would help).
 */
public final class AdminToken {
  /** The environment variable every lab component reads its admin token from by default. */
  public static final String ENV = Secret.ENV;

  private final byte[] expected;

  private AdminToken(String token) {
    this.expected = token == null ? new byte[0] : token.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The configured token, unchecked (tests); null or blank means none (mutating routes refused).
   * Servers read theirs with {@link #fromSetting}.
   */
  public static AdminToken of(String token) {
    return new AdminToken(token == null || token.isBlank() ? null : token.trim());
  }

  /**
   * The token of setting {@code key}, checked: blank means none (mutating routes refused); a token
   * that breaks the rule of {@link Secret} is refused.
   *
   * @throws InvalidSetting naming {@code key} and the token's length
   */
  public static AdminToken fromSetting(String key, String token) {
    Optional<String> weak = Secret.weakness(token);
    if (weak.isPresent()) {
      throw new InvalidSetting(key, Secret.redacted(token), weak.get());
    }
    return of(token);
  }

  public boolean configured() {
    return expected.length > 0;
  }

  /**
   * Why a request is refused: an HTTP status, a detail naming the cause and, for a 401, the {@code
   * WWW-Authenticate} challenge to send (null otherwise).
   */
  public record Refusal(int status, String detail, String challenge) {
    public Refusal(int status, String detail) {
      this(status, detail, status == 401 ? "Bearer" : null);
    }
  }

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
      return Optional.of(
          new Refusal(401, "a bearer token is required (Authorization: Bearer)", "Bearer"));
    }
    byte[] given = header.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    if (!MessageDigest.isEqual(expected, given)) {
      return Optional.of(
          new Refusal(401, "the bearer token is not valid", "Bearer error=\"invalid_token\""));
    }
    return Optional.empty();
  }
}
