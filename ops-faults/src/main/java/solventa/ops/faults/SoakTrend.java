package solventa.ops.faults;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * One quantity a soak samples each minute, judged for growth by a least-squares line (Apache
 * Commons Math's {@link SimpleRegression}) through its samples: it grows when the slope's 95 %
 * interval lies wholly above 0, and it fails when it grows and the line reaches {@code limit}
 * within {@value #HORIZON_HOURS} h of the last sample. Fewer than three samples cannot be judged
 * (the slope's interval needs them): such a trend does not fail, and says so.
 *
 * @param name what is sampled, in the operator's words
 * @param unit its unit
 * @param limit the value it must not reach, in {@code unit}
 * @param limitWhy where the limit comes from
 * @param minutes each sample's time, minutes from the soak's start
 * @param values each sample's value
 */
record SoakTrend(
    String name,
    String unit,
    double limit,
    String limitWhy,
    List<Double> minutes,
    List<Double> values) {

  static final int HORIZON_HOURS = 24;

  SoakTrend {
    if (minutes.size() != values.size()) {
      throw new IllegalArgumentException("one time per value");
    }
    minutes = List.copyOf(minutes);
    values = List.copyOf(values);
  }

  /**
   * The line through the samples and what it says.
   *
   * @param slopePerHour the slope, {@code unit} an hour (NaN: fewer than three samples)
   * @param lowPerHour the slope's 95 % interval's low end, {@code unit} an hour
   * @param highPerHour its high end
   * @param atZero the line's value at minute 0, {@code unit}
   * @param atHorizon the line's value {@value #HORIZON_HOURS} h after the last sample
   * @param grows the interval lies wholly above 0
   * @param fails it grows and reaches the limit within the horizon
   */
  record Verdict(
      double slopePerHour,
      double lowPerHour,
      double highPerHour,
      double atZero,
      double atHorizon,
      boolean grows,
      boolean fails) {}

  Verdict judge() {
    SimpleRegression line = new SimpleRegression();
    for (int i = 0; i < values.size(); i++) {
      line.addData(minutes.get(i), values.get(i));
    }
    if (line.getN() < 3) {
      return new Verdict(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, false, false);
    }
    double slope = line.getSlope();
    double half = line.getSlopeConfidenceInterval(0.05);
    if (Double.isNaN(half)) {
      half = 0; // a perfect fit: no spread around the line
    }
    double last = minutes.get(minutes.size() - 1);
    double atHorizon = line.predict(last + HORIZON_HOURS * 60.0);
    boolean grows = slope - half > 0;
    return new Verdict(
        slope * 60,
        (slope - half) * 60,
        (slope + half) * 60,
        line.getIntercept(),
        atHorizon,
        grows,
        grows && atHorizon > limit);
  }

  /** One line for the report: the samples' range, the slope and its interval, the verdict. */
  String describe() {
    Verdict v = judge();
    double first = values.isEmpty() ? Double.NaN : values.get(0);
    double lastValue = values.isEmpty() ? Double.NaN : values.get(values.size() - 1);
    if (Double.isNaN(v.slopePerHour())) {
      return String.format(
          Locale.ROOT,
          "%s: %d samples, too few to judge (%.1f → %.1f %s)",
          name,
          values.size(),
          first,
          lastValue,
          unit);
    }
    return String.format(
        Locale.ROOT,
        "%s: %.1f → %.1f %s over %d samples; slope %.2f %s/h [%.2f, %.2f]; in %d h the line reaches"
            + " %.1f against the limit %.1f (%s): %s",
        name,
        first,
        lastValue,
        unit,
        values.size(),
        v.slopePerHour(),
        unit,
        v.lowPerHour(),
        v.highPerHour(),
        HORIZON_HOURS,
        v.atHorizon(),
        limit,
        limitWhy,
        v.fails()
            ? "GROWS past the limit"
            : v.grows() ? "grows, within the limit" : "no growth shown");
  }
}
