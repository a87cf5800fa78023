package solventa.quote.settings;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.time.Duration;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * The two checks every duration setting of the node shares: read as a HOCON duration, and positive;
 * each refusal names the key and the value as written.
 */
public final class DurationSettings {
  private DurationSettings() {}

  /** {@code key} of {@code root} as a duration; refused naming the key and value otherwise. */
  public static Duration read(Config root, String key) {
    try {
      return root.getDuration(key);
    } catch (ConfigException.BadValue | ConfigException.WrongType e) {
      throw new InvalidQuoteSettings(key, root.getValue(key).render(), "not a duration (e.g. 3s)");
    }
  }

  /** Refuses a null, zero or negative {@code d}, naming {@code key}. */
  public static void requirePositive(String key, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new InvalidQuoteSettings(
          key, d == null ? "null" : d.toMillis() + "ms", "must be positive");
    }
  }
}
