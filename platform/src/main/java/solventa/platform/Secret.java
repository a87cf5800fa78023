package solventa.platform;

import java.util.Optional;
import java.util.Set;

/**
 * The rule for every configured lab secret (admin tokens of the node, the adapter and the double;
 * the trace salt): at least {@value #MIN_LENGTH} characters and never a value once published as a
 * default of this repository (such a value is public in the history). A refusal names the setting
 * and the secret's length, never the secret.
 */
public final class Secret {
  /** The environment variable every lab component reads its admin token from by default. */
  public static final String ENV = "LAB_ADMIN_TOKEN";

  /** Shortest secret accepted. */
  public static final int MIN_LENGTH = 16;

  /** Values that were once defaults in this repository (and so are public). */
  public static final Set<String> RETIRED = Set.of("ha01-actuarial-trace");

  private Secret() {}

  /** Whether {@code value} (trimmed) was once a published default. */
  public static boolean retired(String value) {
    return value != null && RETIRED.contains(value.strip());
  }

  /**
   * Why {@code token} cannot be used as a secret, or empty when it can or when it is blank (none
   * set).
   */
  public static Optional<String> weakness(String token) {
    if (token == null || token.isBlank()) {
      return Optional.empty();
    }
    String remedy = " characters (env " + ENV + "; the lab runner draws one per run)";
    if (retired(token)) {
      return Optional.of(
          "is a retired default of this repository (public): set a secret of at least "
              + MIN_LENGTH
              + remedy);
    }
    if (token.strip().length() < MIN_LENGTH) {
      return Optional.of("is too short: a token must have at least " + MIN_LENGTH + remedy);
    }
    return Optional.empty();
  }

  /** How a secret is shown in a refusal: its length only. */
  public static String redacted(String token) {
    return token == null || token.isBlank()
        ? "<unset>"
        : "<redacted, " + token.strip().length() + " chars>";
  }
}
