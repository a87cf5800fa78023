package solventa.ops.results;

/**
 * The experiment record the report's tests render: a complete run of {@code profile} on one node,
 * seed 1, started "t0" and finished "t1"; each test adds its steps, verdicts and whatever it
 * varies.
 */
public final class Records {
  private Records() {}

  /** A complete one-node record of {@code profile}, to be given its steps. */
  public static ExperimentRecord.Builder of(String profile) {
    return ExperimentRecord.builder()
        .profile(profile)
        .seed(1)
        .startedAt("t0")
        .finishedAt("t1")
        .complete(true)
        .nodes(1);
  }
}
