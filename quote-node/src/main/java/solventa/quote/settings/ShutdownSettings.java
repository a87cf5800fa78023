package solventa.quote.settings;

import com.typesafe.config.Config;
import java.time.Duration;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.shutdown}: the graceful shutdown's delay and deadlines, checked against the
 * coordinated shutdown phases that run them (a value a phase would cut short refuses the start,
 * naming the key and the value).
 *
 * @param unreadyDelay between {@code /ready} turning NOT_READY and the quote API's unbind (phase
 *     {@code before-service-unbind}): the node keeps serving, so that a load balancer following
 *     {@code /ready} takes it out of its rotation before new connections are refused; zero: no wait
 * @param drainDeadline quotes in flight at shutdown are answered within it (phase {@code
 *     service-requests-done}); the ones left after it get 503
 * @param flushDeadline a stopping profile entity writes a value Redis has not taken within it
 *     (phase {@code cluster-sharding-shutdown-region}, and every passivation)
 */
public record ShutdownSettings(
    Duration unreadyDelay, Duration drainDeadline, Duration flushDeadline) {
  public static final String UNREADY_DELAY = "quote.shutdown.unready-delay";
  public static final String DRAIN_DEADLINE = "quote.shutdown.drain-deadline";
  public static final String FLUSH_DEADLINE = "quote.shutdown.flush-deadline";
  static final String UNREADY_PHASE =
      "pekko.coordinated-shutdown.phases.before-service-unbind.timeout";
  static final String DRAIN_PHASE =
      "pekko.coordinated-shutdown.phases.service-requests-done.timeout";
  static final String FLUSH_PHASE =
      "pekko.coordinated-shutdown.phases.cluster-sharding-shutdown-region.timeout";

  public ShutdownSettings {
    if (unreadyDelay == null || unreadyDelay.isNegative()) {
      throw new InvalidQuoteSettings(
          UNREADY_DELAY,
          unreadyDelay == null ? "null" : unreadyDelay.toMillis() + "ms",
          "must be zero or positive");
    }
    DurationSettings.requirePositive(DRAIN_DEADLINE, drainDeadline);
    DurationSettings.requirePositive(FLUSH_DEADLINE, flushDeadline);
  }

  public static ShutdownSettings fromConfig(Config root) {
    ShutdownSettings s =
        new ShutdownSettings(
            DurationSettings.read(root, UNREADY_DELAY),
            DurationSettings.read(root, DRAIN_DEADLINE),
            DurationSettings.read(root, FLUSH_DEADLINE));
    below(UNREADY_DELAY, s.unreadyDelay(), root, UNREADY_PHASE);
    below(DRAIN_DEADLINE, s.drainDeadline(), root, DRAIN_PHASE);
    below(FLUSH_DEADLINE, s.flushDeadline(), root, FLUSH_PHASE);
    return s;
  }

  private static void below(String key, Duration d, Config root, String phase) {
    if (root.hasPath(phase) && d.compareTo(root.getDuration(phase)) >= 0) {
      throw new InvalidQuoteSettings(
          key,
          d.toMillis() + "ms",
          "must be shorter than " + phase + " (" + root.getDuration(phase).toMillis() + "ms)");
    }
  }
}
