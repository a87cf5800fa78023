package solventa.ops.faults;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import solventa.gatling.QuoteRequests;
import solventa.ops.lab.Http;
import solventa.providerdouble.control.ProviderState;

/**
 * Asks a node which values it still holds in memory: with the provider down (no new value can
 * come), one quote per customer; an entity holding a value answers it {@code STALE} or {@code
 * CACHED}, one without answers {@code DEFAULT} (see {@link HeldValues}). Bounded: at most {@value
 * #BATCH} quotes at a time, each with the lab client's 5 s timeout. The provider is healthy again
 * when it returns.
 */
final class MemoryProbe {
  static final int BATCH = 50;

  private MemoryProbe() {}

  /** Each customer's answer origin ("" for an error or no answer) from the node at {@code base}. */
  static Map<String, String> ask(FaultContext ctx, String base, Collection<String> customers)
      throws Exception {
    Map<String, String> origins = new TreeMap<>();
    if (customers.isEmpty()) {
      return origins;
    }
    ctx.lab().control().apply(ProviderState.DOWN);
    try {
      List<String> all = new ArrayList<>(customers);
      for (int from = 0; from < all.size(); from += BATCH) {
        List<String> batch = all.subList(from, Math.min(all.size(), from + BATCH));
        List<CompletableFuture<Http.Reply>> replies = new ArrayList<>();
        for (String c : batch) {
          replies.add(Http.postAsync(base + "/v1/quotes", QuoteRequests.body(c, "life")));
        }
        for (int i = 0; i < batch.size(); i++) {
          Http.Reply r = replies.get(i).join();
          origins.put(batch.get(i), r.status() == 200 ? FaultLoad.origin(r.body()) : "");
        }
      }
    } finally {
      ctx.lab().control().apply(ProviderState.HEALTHY);
    }
    return origins;
  }
}
