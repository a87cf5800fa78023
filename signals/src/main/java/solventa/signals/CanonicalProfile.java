package solventa.signals;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A customer's Open Finance profile translated into canonical signals, with the time it was fetched
 * from the provider. Immutable. A signal absent from {@link #signals()} is missing: the provider
 * did not send it (an incomplete profile), which rating prices as uncertainty.
 */
public record CanonicalProfile(
    String customerId, Instant fetchedAt, Map<Signal, BigDecimal> signals) {

  public CanonicalProfile {
    Objects.requireNonNull(customerId, "customerId");
    Objects.requireNonNull(fetchedAt, "fetchedAt");
    EnumMap<Signal, BigDecimal> copy = new EnumMap<>(Signal.class);
    signals.forEach(
        (k, v) -> copy.put(Objects.requireNonNull(k), Objects.requireNonNull(v, k.name())));
    signals = Collections.unmodifiableMap(copy);
  }

  public Optional<BigDecimal> get(Signal signal) {
    return Optional.ofNullable(signals.get(signal));
  }

  /** The signals this profile lacks, in declaration order. */
  public Set<Signal> missing() {
    EnumSet<Signal> missing = EnumSet.allOf(Signal.class);
    missing.removeAll(signals.keySet());
    return Collections.unmodifiableSet(missing);
  }

  public boolean isComplete() {
    return signals.size() == Signal.values().length;
  }

  /** Age of this profile at {@code now}, in milliseconds, never negative. */
  public long ageMillis(Instant now) {
    return Math.max(0, now.toEpochMilli() - fetchedAt.toEpochMilli());
  }
}
