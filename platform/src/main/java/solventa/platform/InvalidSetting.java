package solventa.platform;

/**
 * A setting that cannot run, refused where it is read: every server of the lab refuses to start on
 * one, and its message names the key and the offending value (a secret's value redacted), so the
 * operator knows what to change. The modules' own refusals extend it and keep their wording.
 */
public class InvalidSetting extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String key;
  private final String value;
  private final String reason;

  /** A refusal worded {@code key = value: reason}. */
  public InvalidSetting(String key, Object value, String reason) {
    this(key + " = " + value + ": " + reason, key, value, reason);
  }

  /** A refusal with its own wording, which must name {@code key} and {@code value}. */
  protected InvalidSetting(String message, String key, Object value, String reason) {
    super(message);
    this.key = key;
    this.value = String.valueOf(value);
    this.reason = reason;
  }

  /** The refused setting's key (or an admin API's field). */
  public String key() {
    return key;
  }

  /** The refused value, as the message gives it (a secret's redacted). */
  public String value() {
    return value;
  }

  /** Why the value cannot run, without key and value. */
  public String reason() {
    return reason;
  }
}
