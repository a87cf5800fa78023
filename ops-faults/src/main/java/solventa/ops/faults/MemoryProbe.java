package solventa.ops.faults;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import solventa.gatling.QuoteRequests;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeProcess;
import solventa.vocabulary.ProviderState;

/**
 * Asks a node which values it still holds in memory: with the provider down (no new value can
 * come), one quote per customer; an entity holding a value answers it {@code STALE} or {@code
 * CACHED}, one without answers {@code DEFAULT} (see {@link HeldValues}). Bounded: at most {@value
 * #BATCH} quotes at a time, each with the lab client's 5 s timeout. When it returns the provider is
 * healthy again and the node's breaker, which the probe's failed calls may have opened, is closed
 * (the runner's force-close route): the probe is the row's measuring, and the next row must not
 * start with its after-effect.
 */
final class MemoryProbe {
  static final int BATCH = 50;

  private MemoryProbe() {}

  /** Each customer's answer origin ("" for an error or no answer) from {@code node}. */
  static Map<String, String> ask(FaultContext ctx, NodeProcess node, Collection<String> customers)
      throws Exception {
    String base = node.baseUrl();
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
      Http.Reply closed =
          Http.postAdmin(node.managementUrl() + "/of-adapter/providers/ofb/force-close", "");
      if (closed.status() != 200) {
        ctx.say("store: closing the breaker after the memory probe answered %d", closed.status());
      }
    }
    return origins;
  }
}
