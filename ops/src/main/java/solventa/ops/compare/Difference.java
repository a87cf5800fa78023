package solventa.ops.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import solventa.ops.statistics.Interval;

/**
 * One figure of a pair of steps: each side's value, the difference B − A and its 95 % interval, how
 * the interval was computed, and where the interval lies.
 *
 * @param figure what is compared
 * @param a folder A's value, null when it has none
 * @param b folder B's value, null when it has none
 * @param difference B − A, null when either value is missing
 * @param ci the difference's 95 % interval, null when it could not be computed
 * @param method how the interval was computed (paired or unpaired, from what)
 * @param why what is missing and why: a value (naming its side) or the interval; null when nothing
 *     is
 * @param shift where the interval lies ({@link Shift}); null without one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Difference(
    Figure figure,
    Double a,
    Double b,
    Double difference,
    Interval ci,
    String method,
    String why,
    Shift shift) {

  /**
   * Where a difference's interval lies: wholly above 0 is worse (every figure compared is better
   * lower), wholly below 0 is better, and an interval that holds 0 shows no clear change.
   */
  public enum Shift {
    WORSE,
    BETTER,
    NO_CLEAR_CHANGE;

    /** The shift of {@code ci}, a difference B − A of a figure that is better lower. */
    public static Shift of(Interval ci) {
      if (ci.low() > 0) {
        return WORSE;
      }
      return ci.high() < 0 ? BETTER : NO_CLEAR_CHANGE;
    }
  }

  /** Why the recovery time of a step in another state is not compared. */
  static final String NOT_A_RECOVERY = "not a recovery step";

  /** The figure where it does not apply (the recovery time of a step that is no recovery). */
  static Difference notApplicable(Figure f) {
    return new Difference(f, null, null, null, null, null, NOT_A_RECOVERY, null);
  }

  /** A figure missing from a side: no difference, the side and its reason named. */
  static Difference missing(Figure f, Double a, Double b, String why) {
    return new Difference(f, a, b, null, null, null, why, null);
  }

  /** Both values, their difference, and its interval ({@code ci} null: {@code why} says why). */
  static Difference of(Figure f, double a, double b, Interval ci, String method, String why) {
    return new Difference(
        f, a, b, b - a, ci, method, ci == null ? why : null, ci == null ? null : Shift.of(ci));
  }

  /** Whether the interval lies wholly on the worse side of 0. */
  public boolean worse() {
    return shift == Shift.WORSE;
  }

  /** The cell compare.md shows: "65 → 67: +2 [0, 4]", with "worse" or "better" when it is. */
  String cell() {
    if (NOT_A_RECOVERY.equals(why) && a == null && b == null) {
      return "n/a";
    }
    String left = a == null ? "—" : figure.format(a);
    String right = b == null ? "—" : figure.format(b);
    if (difference == null) {
      return left + " → " + right + ": — (" + why + ")";
    }
    String d = left + " → " + right + ": " + figure.signed(difference);
    if (ci == null) {
      return d + " (no interval: " + why + ")";
    }
    d += " " + figure.format(ci);
    return switch (shift) {
      case WORSE -> d + " **worse**";
      case BETTER -> d + " better";
      case NO_CLEAR_CHANGE -> d;
    };
  }

  /** "p95 +35 ms [20, 50]": the figure, its difference and interval, for the console. */
  String brief() {
    return figure.label()
        + " "
        + (difference == null ? "—" : figure.signed(difference))
        + " "
        + figure.unit()
        + (ci == null ? "" : " " + figure.format(ci));
  }
}
