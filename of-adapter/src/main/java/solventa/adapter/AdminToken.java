package solventa.adapter;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.Set;

/**
 * The bearer token that mutating management routes require (breaker force-open/close, the quote
 * node's stats reset). Set by config, and by default from the environment variable {@value #ENV};
 * with none set, every mutating route is refused. Compared in constant time.
 *
 * <p>A configured token must be a secret: at least {@value #MIN_LENGTH} characters and not a value
 * ever published as a default ({@link #RETIRED}). {@link #fromSetting} refuses anything else, so a
 * server with a weak token refuses to start, naming the setting and the token's length (never the
 * token).
 *
 * <p>{@link #check} answers what to refuse with: 401 when the request carries no bearer token or a
 * wrong one (RFC 6750: {@code invalid_token} is a 401), 403 when no token is configured (the routes
 * are switched off; no credential would help).
 */
public final class AdminToken {
  /** The environment variable every lab component reads its admin token from by default. */
  public static final String ENV = "LAB_ADMIN_TOKEN";

  /** Shortest token accepted (decision 0042). */
  public static final int MIN_LENGTH = 16;

  /**
   * Values that were once defaults in this repository (and so are public): refused as a token or a
   * key wherever one is configured.
   */
  public static final Set<String> RETIRED = Set.of("ha01-actuarial-trace");

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
   * shorter than {@value #MIN_LENGTH} characters or a {@link #RETIRED} one is refused.
   *
   * @throws InvalidAdapterConfigException naming {@code key} and the token's length
   */
  public static AdminToken fromSetting(String key, String token) {
    Optional<String> weak = weakness(token);
    if (weak.isPresent()) {
      throw new InvalidAdapterConfigException(key, redacted(token), weak.get());
    }
    return of(token);
  }

  /**
   * Why {@code token} cannot be used as a secret, or empty when it can or when it is blank (none
   * set). Shared by every setting that holds a lab secret.
   */
  public static Optional<String> weakness(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    String t = token.trim();
    if (RETIRED.contains(t)) {
      return Optional.of(
          "is a retired default of this repository (public): set a secret of at least "
              + MIN_LENGTH
              + " characters (env "
              + ENV
              + "; the lab runner draws one per run)");
    }
    if (t.length() < MIN_LENGTH) {
      return Optional.of(
          "is too short: a token must have at least "
              + MIN_LENGTH
              + " characters (env "
              + ENV
              + "; the lab runner draws one per run)");
    }
    return Optional.empty();
  }

  /** How a secret is shown in a refusal: its length only. */
  public static String redacted(String token) {
    return token == null || token.isBlank()
        ? "<unset>"
        : "<redacted, " + token.trim().length() + " chars>";
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
