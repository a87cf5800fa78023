package solventa.quote.domain;

import java.util.concurrent.CompletionStage;
import solventa.rating.QuoteInput;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.SignalRequirement;

/** The quote node's seam to :MotorRating. {@link RatingPricing} is the real one. */
public interface Pricing extends AutoCloseable {

  /** Throws {@link solventa.rating.model.InvalidQuoteInput} naming the bad field. */
  void validate(QuoteInput input);

  /**
   * What a customer's own profile must hold for rating to price it as the customer's: the adapter
   * refuses a provider body below it (rating's one declaration of its required signals).
   */
  SignalRequirement profileRequirement();

  /** Non-blocking; completes after rating's calibrated cost. */
  CompletionStage<PricedQuote> price(QuoteInput input, ResolvedProfile profile);

  @Override
  void close();
}
