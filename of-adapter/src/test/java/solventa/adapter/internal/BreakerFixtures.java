package solventa.adapter.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.signals.CanonicalProfile;

/** What the breaker's tests share: a breaker on the test kit's scheduler, and call outcomes. */
final class BreakerFixtures {
  private BreakerFixtures() {}

  /** A breaker of {@code provider} at {@code s}, timed by {@code clock} and the kit's scheduler. */
  static ProviderBreaker breaker(
      String provider, BreakerSettings s, Clock clock, ActorTestKit kit) {
    return new ProviderBreaker(
        provider,
        s,
        clock,
        kit.system().classicSystem().scheduler(),
        Duration.ofSeconds(30),
        new AdapterMetrics(provider, 4));
  }

  /** A call that fetched a profile. */
  static FetchResult ok() {
    return new FetchResult.Fetched(
        new CanonicalProfile("c1", Instant.EPOCH, Map.of()), Duration.ZERO);
  }

  /** A call that failed with {@code kind}. */
  static FetchResult fail(FailureKind kind) {
    return new FetchResult.Failed(kind, "test", Duration.ZERO);
  }
}
