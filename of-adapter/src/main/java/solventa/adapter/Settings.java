package solventa.adapter;

import java.time.Duration;

/** Validation helpers shared by the settings records; each failure names key and value. */
final class Settings {
  private Settings() {}

  static void require(boolean ok, String key, Object value, String reason) {
    if (!ok) {
      throw new InvalidAdapterConfigException(key, value, reason);
    }
  }

  static void requirePositive(Duration d, String key) {
    require(d != null && !d.isNegative() && !d.isZero(), key, d, "must be > 0");
  }
}
