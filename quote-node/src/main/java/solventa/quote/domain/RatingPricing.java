package solventa.quote.domain;

import com.typesafe.config.Config;
import java.time.Clock;
import java.util.concurrent.CompletionStage;
import solventa.rating.CostTimer;
import solventa.rating.QuoteInput;
import solventa.rating.RatingEngine;
import solventa.rating.RatingSettings;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.SignalRequirement;

/** {@link Pricing} on :MotorRating's {@link RatingEngine}. */
public final class RatingPricing implements Pricing {
  private final RatingEngine engine;

  private RatingPricing(RatingEngine engine) {
    this.engine = engine;
  }

  /**
   * Migrates and loads the rule set from PostgreSQL: blocking, at start-up only. Rating waits out
   * its cost on {@code timer} (the node's: Pekko's scheduler; null: a timer thread of its own).
   */
  public static RatingPricing start(Config root, Clock clock, CostTimer timer) {
    return new RatingPricing(RatingEngine.start(RatingSettings.fromConfig(root), clock, timer));
  }

  @Override
  public void validate(QuoteInput input) {
    engine.validate(input);
  }

  @Override
  public CompletionStage<PricedQuote> price(QuoteInput input, ResolvedProfile profile) {
    return engine.price(input, profile);
  }

  @Override
  public SignalRequirement profileRequirement() {
    return engine.profileRequirement();
  }

  public String activeVersion() {
    return engine.activeVersion();
  }

  @Override
  public void close() {
    engine.close();
  }
}
