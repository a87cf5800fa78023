package solventa.lab;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The one place the lab's admin token comes from: the bearer token that the runner and the tests
 * present to mutating management and admin routes, and that they hand to every server they start
 * (environment variable {@value #ENV}, which the quote node, the adapter's routes and the double
 * read by default). Taken from {@value #ENV} when set, else drawn at random once per JVM: a token
 * is never a constant in the repository.
 */
public final class LabToken {
  /** The environment variable the servers read their admin token from. */
  public static final String ENV = "LAB_ADMIN_TOKEN";

  private static final String VALUE = initial();

  private LabToken() {}

  private static String initial() {
    String env = System.getenv(ENV);
    if (env != null && !env.isBlank()) {
      return env.trim();
    }
    return random();
  }

  private static String random() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  /** This JVM's admin token. */
  public static String value() {
    return VALUE;
  }

  /** The environment variable the quote node reads its actuarial trace key from. */
  public static final String TRACE_KEY_ENV = "QUOTE_TRACE_SALT";

  private static final String TRACE_KEY = random();

  /**
   * This JVM's trace key for the nodes it starts (random per run: pseudonyms join within a run; a
   * real deployment sets and keeps its own).
   */
  public static String traceKey() {
    return TRACE_KEY;
  }

  /** The {@code Authorization} header value that presents it. */
  public static String bearer() {
    return "Bearer " + VALUE;
  }
}
