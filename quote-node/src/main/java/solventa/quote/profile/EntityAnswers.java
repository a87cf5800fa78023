package solventa.quote.profile;

import java.time.Clock;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FetchResult;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.vocabulary.Arm;

/**
 * How a profile entity answers a request from what it knows: the fetched value, a fallback (STALE
 * within {@code quote.max-staleness}, else DEFAULT) in the arms that fall back, or unavailable.
 */
final class EntityAnswers {
  private final Arm arm;
  private final Clock clock;
  private final long maxStalenessMs;
  private final QuoteStats stats;
  private final String servedBy;

  EntityAnswers(Arm arm, Clock clock, long maxStalenessMs, QuoteStats stats, String servedBy) {
    this.arm = arm;
    this.clock = clock;
    this.maxStalenessMs = maxStalenessMs;
    this.stats = stats;
    this.servedBy = servedBy;
  }

  /** The answer to a request whose call ended with {@code result}; {@code last} is known value. */
  Resolution afterCall(FetchResult result, WaitingRequests.Pending p, CanonicalProfile last) {
    if (result instanceof FetchResult.Fetched f) {
      // the fetched profile, not necessarily `last` (a newer one may have arrived first)
      return Resolution.Resolved.fresh(f.profile(), clock.instant(), servedBy);
    }
    FetchResult.Failed failed = (FetchResult.Failed) result;
    boolean sacrificed =
        Resolution.isSacrifice(
            failed.kind(), p.admittedClosed() ? BreakerState.CLOSED : BreakerState.OPEN);
    if (arm.fallsBack() && !failed.kind().isBusinessAnswer()) {
      return fallback(failed.kind().name(), sacrificed, last);
    }
    return unavailable(failed, sacrificed);
  }

  /** No profile to price on, for the reason {@code failed} gives. */
  Resolution unavailable(FetchResult.Failed failed, boolean sacrificed) {
    return new Resolution.Unavailable(failed.kind(), failed.detail(), sacrificed, servedBy);
  }

  /** No call and no profile: the partner's budget for customers new to the node is spent. */
  Resolution overBudget(PartnerBudget.Spent spent) {
    return new Resolution.OverBudget(spent.retryAfterSeconds(), servedBy);
  }

  /** Whether {@code last} may be served as a fallback: known and within {@code max-staleness}. */
  boolean servable(CanonicalProfile last) {
    return last != null && last.ageMillis(clock.instant()) <= maxStalenessMs;
  }

  /** STALE on {@code last}, or DEFAULT when none is known or it is too old to price on. */
  Resolution fallback(String failure, boolean sacrificed, CanonicalProfile last) {
    if (last == null || last.ageMillis(clock.instant()) > maxStalenessMs) {
      // none known, or too old to price on (quote.max-staleness): the line's default profile
      return new Resolution.Resolved(Origin.DEFAULT, null, 0, failure, sacrificed, servedBy);
    }
    stats.record(ProfileEvent.STALE_READ);
    return known(Origin.STALE, failure, sacrificed, last);
  }

  /** {@code last} with its age, as {@code origin}. */
  Resolution known(Origin origin, String failure, boolean sacrificed, CanonicalProfile last) {
    return new Resolution.Resolved(
        origin, last, last.ageMillis(clock.instant()), failure, sacrificed, servedBy);
  }
}
