package solventa.adapter.model;

import solventa.platform.InvalidSetting;

/**
 * Adapter configuration that cannot run. The message names the key and the offending value, e.g.
 * {@code of-adapter.providers.ofb.timeout = -5ms: must be > 0}.
 */
public final class InvalidAdapterConfigException extends InvalidSetting {
  private static final long serialVersionUID = 1L;

  public InvalidAdapterConfigException(String key, Object value, String reason) {
    super(key, value, reason);
  }
}
