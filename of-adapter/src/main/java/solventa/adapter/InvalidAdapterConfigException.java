package solventa.adapter;

/**
 * Adapter configuration that cannot run. The message names the key and the offending value, e.g.
 * {@code of-adapter.providers.ofb.timeout = -5ms: must be > 0}.
 */
public final class InvalidAdapterConfigException extends IllegalArgumentException {
  private final String key;
  private final String value;
  private final String reason;

  public InvalidAdapterConfigException(String key, Object value, String reason) {
    super(key + " = " + value + ": " + reason);
    this.key = key;
    this.value = String.valueOf(value);
    this.reason = reason;
  }

  public String key() {
    return key;
  }

  public String value() {
    return value;
  }

  /** Why the value cannot run, without key and value. */
  public String reason() {
    return reason;
  }
}
