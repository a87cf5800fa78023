package solventa.ops.runner;

import java.io.IOException;
import solventa.gatling.RequestRecord;
import solventa.ops.lab.Http;
import solventa.signals.Origin;
import solventa.vocabulary.QuoteAnswer;

/**
 * A quote the runner sent itself (not through the load generator), as one line of a request log:
 * the answer's origin, age and premium read from its body, its wire record ({@link QuoteAnswer}).
 */
final class QuoteReplies {
  private QuoteReplies() {}

  /** The request log's record of {@code reply}, sent at {@code sendMs} for {@code customerId}. */
  static RequestRecord record(
      Http.Reply reply, long sendMs, String customerId, String node, String keyKind)
      throws IOException {
    RequestRecord.Builder b =
        RequestRecord.builder()
            .sendMs(sendMs)
            .latencyMs(reply.latencyMs())
            .status(reply.status())
            .keyKind(keyKind)
            .customerId(customerId)
            .node(node);
    if (reply.status() == 200) {
      QuoteAnswer a = Http.JSON.readValue(reply.body(), QuoteAnswer.class);
      b.origin(Origin.valueOf(a.profile().origin()))
          .ageMs(a.profile().ageMs())
          .premium(a.premium().amount().doubleValue());
    }
    return b.build();
  }
}
