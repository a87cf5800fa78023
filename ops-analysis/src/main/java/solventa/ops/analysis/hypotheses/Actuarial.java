package solventa.ops.analysis.hypotheses;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The actuarial inputs HD-01's clause (b) and the Recommendation are judged with: assumptions about
 * the business, declared with their reasons in {@code docs/verdict-rules.md} and overridable by the
 * reader ({@code bin/lab report DIR --assume KEY=VALUE}), never lab parameters.
 *
 * @param sourceRefreshSec T_source: the Open Finance source's production refresh policy, seconds
 * @param outageSec D: the provider outage the business must ride through, seconds
 * @param fallbackCeilingPct c: the largest fallback share actuaries accept, percent
 * @param maxStaleAgeSec A: the oldest STALE value actuaries accept, seconds (RFC 5861's
 *     stale-if-error)
 */
public record Actuarial(
    @JsonProperty(SOURCE_REFRESH) double sourceRefreshSec,
    @JsonProperty(OUTAGE) double outageSec,
    @JsonProperty(CEILING) double fallbackCeilingPct,
    @JsonProperty(MAX_STALE_AGE) double maxStaleAgeSec) {

  public static final String SOURCE_REFRESH = "source-refresh-s";
  public static final String OUTAGE = "outage-s";
  public static final String CEILING = "fallback-ceiling-pct";
  public static final String MAX_STALE_AGE = "max-stale-age-s";

  /** The keys {@code --assume} accepts, in the order the report names them. */
  public static final List<String> KEYS = List.of(SOURCE_REFRESH, OUTAGE, CEILING, MAX_STALE_AGE);

  /** The declared inputs: a daily refresh, an hour's outage, 10 %, two refresh periods. */
  public static final Actuarial DECLARED = new Actuarial(86_400, 3_600, 10, 172_800);

  public Actuarial {
    check(SOURCE_REFRESH, sourceRefreshSec);
    check(OUTAGE, outageSec);
    check(MAX_STALE_AGE, maxStaleAgeSec);
    if (!(fallbackCeilingPct > 0 && fallbackCeilingPct < 100)) {
      throw new IllegalArgumentException(
          CEILING + " must be a percentage in (0, 100), was " + num(fallbackCeilingPct));
    }
  }

  private static void check(String key, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(key + " must be a positive number, was " + num(v));
    }
  }

  /**
   * These inputs with each {@code KEY=VALUE} of {@code assumptions} applied, in order; an unknown
   * key, a malformed pair or a bad value is refused naming it.
   */
  public Actuarial with(List<String> assumptions) {
    Map<String, Double> v = new LinkedHashMap<>(asMap());
    for (String a : assumptions) {
      int eq = a.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--assume takes KEY=VALUE, was '" + a + "'");
      }
      String key = a.substring(0, eq).trim();
      String value = a.substring(eq + 1).trim();
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "--assume: unknown key '" + key + "' (one of " + String.join(", ", KEYS) + ")");
      }
      try {
        v.put(key, Double.parseDouble(value));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--assume " + key + ": '" + value + "' is not a number", e);
      }
    }
    return new Actuarial(
        v.get(SOURCE_REFRESH), v.get(OUTAGE), v.get(CEILING), v.get(MAX_STALE_AGE));
  }

  /** Each key with its value, in {@link #KEYS}' order. */
  public Map<String, Double> asMap() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(SOURCE_REFRESH, sourceRefreshSec);
    m.put(OUTAGE, outageSec);
    m.put(CEILING, fallbackCeilingPct);
    m.put(MAX_STALE_AGE, maxStaleAgeSec);
    return m;
  }

  /** "source-refresh-s=86400 (T_source), outage-s=3600 (D), …" as the report names them. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s=%s (T_source), %s=%s (D), %s=%s (c), %s=%s (A)",
        SOURCE_REFRESH,
        num(sourceRefreshSec),
        OUTAGE,
        num(outageSec),
        CEILING,
        num(fallbackCeilingPct),
        MAX_STALE_AGE,
        num(maxStaleAgeSec));
  }

  /** Whether these are the declared inputs. */
  public boolean declared() {
    return equals(DECLARED);
  }

  /** A whole number without decimals, otherwise four significant digits. */
  public static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%.4g", v);
  }
}
