package solventa.providerdouble;

import solventa.platform.InvalidSetting;

/**
 * A setting (start-up config key or admin API field) was rejected. Carries the field's name so the
 * caller can report it: start-up refuses to run, the admin API answers 400 naming {@link #field()}.
 */
public final class InvalidSettingException extends InvalidSetting {
  private static final long serialVersionUID = 1L;

  public InvalidSettingException(String field, Object value, String rule) {
    super(field, value, rule);
  }

  /** The config key or JSON field that was rejected. */
  public String field() {
    return key();
  }
}
