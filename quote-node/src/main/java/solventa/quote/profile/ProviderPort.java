package solventa.quote.profile;

import java.util.concurrent.CompletionStage;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FetchResult;
import solventa.quote.stats.AdapterReadings;

/**
 * The quote node's seam to :AdaptadorOF: what resolution needs (fetch, the breaker's state to tell
 * a sacrificed quote) and, as {@link AdapterReadings}, what the stats route shows. {@link
 * OfAdapterPort} is the real one.
 */
public interface ProviderPort extends AdapterReadings {

  /** Never exceptional; completes by the adapter's hard timeout plus a margin. */
  CompletionStage<FetchResult> fetch(String customerId);

  BreakerState breakerState();

  /**
   * Whether the provider is ever asked for this id: of its customer-id format, and one URL path
   * segment. An id it refuses is refused at the API with a 400 before any resolution.
   */
  boolean acceptsCustomerId(String customerId);

  /** The format {@link #acceptsCustomerId} holds ids to, for the refusal's message. */
  String customerIdFormat();
}
