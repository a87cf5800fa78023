package solventa.adapter.model;

import java.time.Duration;

/**
 * Configuration checks shared by the settings records: each failed check throws {@link
 * InvalidAdapterConfigException} naming the key and the value.
 */
public final class ConfigChecks {
  private ConfigChecks() {}

  public static void require(boolean ok, String key, Object value, String reason) {
    if (!ok) {
      throw new InvalidAdapterConfigException(key, value, reason);
    }
  }

  public static void requirePositive(Duration d, String key) {
    require(d != null && !d.isNegative() && !d.isZero(), key, d, "must be > 0");
  }
}
