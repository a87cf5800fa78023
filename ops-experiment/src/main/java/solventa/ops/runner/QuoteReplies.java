package solventa.ops.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import solventa.gatling.RequestRecord;
import solventa.ops.lab.Http;
import solventa.signals.Origin;

/**
 * A quote the runner sent itself (not through the load generator), as one line of a request log:
 * the answer's origin, age and premium read from its body, as the generator reads them.
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
      JsonNode json = Http.JSON.readTree(reply.body());
      String origin = json.path("profile").path("origin").asText("");
      JsonNode amount = json.path("premium").path("amount");
      b.origin(origin.isEmpty() ? null : Origin.valueOf(origin))
          .ageMs(json.path("profile").path("ageMs").asLong(-1))
          .premium(amount.isNumber() ? amount.asDouble() : null);
    }
    return b.build();
  }
}
