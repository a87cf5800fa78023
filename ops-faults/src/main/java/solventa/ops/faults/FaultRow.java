package solventa.ops.faults;

/**
 * One row of the fault matrix ({@code bin/lab faults}), every figure measured in the run that
 * writes it.
 *
 * @param fault what goes wrong, in the operator's words
 * @param injected how the run made it happen
 * @param faultSec how long the fault lasted, s (null: a single event, or the row did not run)
 * @param requests requests the row's clients sent
 * @param errors the answers the row counts as errors (its {@code measured} says which)
 * @param lostValues last known values present before the fault and missing after it (Redis and the
 *     entities), null where the row touches no stored value
 * @param recoverSec from the fault's end to the last error it caused, s (0: none after the end),
 *     null where nothing had to recover
 * @param expected what the row must show
 * @param measured what it showed, with the figures behind {@code holds}
 * @param holds whether the measurement meets {@code expected}; null: the row could not run here
 *     ({@code measured} says why)
 */
public record FaultRow(
    String fault,
    String injected,
    Double faultSec,
    long requests,
    long errors,
    Long lostValues,
    Double recoverSec,
    String expected,
    String measured,
    Boolean holds) {

  /** A row this machine cannot run, and why. */
  public static FaultRow notRun(String fault, String injected, String expected, String why) {
    return new FaultRow(fault, injected, null, 0, 0, null, null, expected, why, null);
  }

  /** A row whose run failed before it measured anything (the cause in place of its figures). */
  public static FaultRow failed(String fault, String injected, String expected, Exception e) {
    return new FaultRow(
        fault,
        injected,
        null,
        0,
        0,
        null,
        null,
        expected,
        "the row's run failed: " + e.getClass().getSimpleName() + ": " + e.getMessage(),
        false);
  }
}
