package solventa.adapter.model;

import java.time.Duration;
import solventa.signals.CanonicalProfile;

/** The end of one provider call as the adapter saw it. Never an exception. */
public sealed interface FetchResult {

  /** How long the call took inside the adapter (zero when no call was made). */
  Duration latency();

  record Fetched(CanonicalProfile profile, Duration latency) implements FetchResult {}

  record Failed(FailureKind kind, String detail, Duration latency) implements FetchResult {}
}
