package solventa.quote.profile;

import java.util.concurrent.CompletionStage;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.BreakerState;
import solventa.adapter.FetchResult;

/**
 * The quote node's seam to :AdaptadorOF: what resolution needs (fetch, the breaker's state to tell
 * a sacrificed quote) and what the stats route shows. {@link OfAdapterPort} is the real one.
 */
public interface ProviderPort {

  /** Never exceptional; completes by the adapter's hard timeout plus a margin. */
  CompletionStage<FetchResult> fetch(String customerId);

  BreakerState breakerState();

  /** Calls that actually reached the provider, as the adapter counts them. */
  long providerCalls();

  AdapterSnapshot snapshot();
}
