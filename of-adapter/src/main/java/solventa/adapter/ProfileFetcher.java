package solventa.adapter;

import java.util.concurrent.CompletionStage;
import solventa.adapter.model.FetchResult;

/** What the quote node needs from :AdaptadorOF. */
public interface ProfileFetcher {

  /**
   * Fetches one customer's profile from the provider. The stage completes normally — with {@link
   * FetchResult.Failed} on any failure — no later than the hard timeout plus a small scheduling
   * margin. Callers may stop waiting earlier (the 120 ms budget); the call still runs to its own
   * end and is not counted as a failure because of that.
   */
  CompletionStage<FetchResult> fetch(String customerId);
}
