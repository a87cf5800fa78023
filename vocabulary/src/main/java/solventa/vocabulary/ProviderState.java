package solventa.vocabulary;

/**
 * The provider states of the experiment card (Provider states): a latency profile of the double
 * plus the toxics on the proxy between the adapter and the double. The provider double's {@code
 * ProviderStateControl} applies one.
 */
public enum ProviderState {
  /** healthy profile (median 80 ms, p99 200 ms); no toxics. */
  HEALTHY,
  /** slow profile (400 / 900 ms); no toxics. */
  SLOW,
  /** degraded profile (800 / 2000 ms) plus a 150 ms downstream {@code latency} toxic. */
  DEGRADED,
  /** {@code timeout} toxics with timeout 0 both ways: connects, never a byte back. */
  UNRESPONSIVE,
  /** {@code reset_peer} toxic, timeout 0, upstream: the connection is reset at the first byte. */
  DOWN,
  /** toxics removed at once; the double returns to the healthy profile after the window. */
  RECOVERY
}
