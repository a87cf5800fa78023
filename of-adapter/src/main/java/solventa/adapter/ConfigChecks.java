package solventa.adapter;

import java.time.Duration;

/**
 * Configuration checks shared by the settings records: each failed check throws {@link
 * InvalidAdapterConfigException} naming the key and the value.
 */
final class ConfigChecks {
  private ConfigChecks() {}

  static void require(boolean ok, String key, Object value, String reason) {
    if (!ok) {
      throw new InvalidAdapterConfigException(key, value, reason);
    }
  }

  static void requirePositive(Duration d, String key) {
    require(d != null && !d.isNegative() && !d.isZero(), key, d, "must be > 0");
  }
}
