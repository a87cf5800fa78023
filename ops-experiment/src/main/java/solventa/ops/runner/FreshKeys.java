package solventa.ops.runner;

/**
 * The never-seen customers a run draws, upwards from {@link ProtocolRunner#NEVER_SEEN_BASE} (one
 * range per step, so no step meets another's), and when the last sweep step's fresh customers began
 * to be seeded: shared by the node's preparation and the step's recording.
 */
final class FreshKeys {
  /** The next never-seen customer index. */
  int next = ProtocolRunner.NEVER_SEEN_BASE;

  /** When the last sweep step's fresh customers began to be seeded (0: none pending). */
  long seededAtMs;

  /** Starts again from the base: a new node has met none of them. */
  void reset() {
    next = ProtocolRunner.NEVER_SEEN_BASE;
  }
}
