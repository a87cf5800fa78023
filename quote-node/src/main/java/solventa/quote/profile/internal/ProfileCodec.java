package solventa.quote.profile.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;
import solventa.signals.CanonicalProfile;
import solventa.signals.Signal;

/**
 * The one text form of a {@link CanonicalProfile}: what Redis stores and what entity replies carry
 * across nodes. Amounts are kept as decimal strings so no precision is lost; a signal name this
 * build does not know is skipped (a newer writer must not break an older reader). {@code
 * fetchedAtMs} repeats the fetch time in epoch milliseconds for the store's compare-and-set, which
 * reads it inside Redis; the reader takes {@code fetchedAt}.
 */
public final class ProfileCodec {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** The field that holds the fetch time in epoch milliseconds. */
  public static final String FETCHED_AT_MS = "fetchedAtMs";

  private ProfileCodec() {}

  public static String encode(CanonicalProfile p) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("customerId", p.customerId());
    root.put("fetchedAt", p.fetchedAt().toString());
    root.put(FETCHED_AT_MS, p.fetchedAt().toEpochMilli());
    ObjectNode signals = root.putObject("signals");
    p.signals().forEach((k, v) -> signals.put(k.name(), v.toPlainString()));
    try {
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes what {@link #encode} wrote; throws {@link IllegalArgumentException} otherwise. */
  public static CanonicalProfile decode(String json) {
    try {
      JsonNode root = MAPPER.readTree(json);
      Map<Signal, BigDecimal> signals = new EnumMap<>(Signal.class);
      for (Iterator<Map.Entry<String, JsonNode>> it = root.path("signals").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        try {
          signals.put(Signal.valueOf(e.getKey()), new BigDecimal(e.getValue().asText()));
        } catch (IllegalArgumentException unknownSignal) {
          // skipped on purpose, see class doc
        }
      }
      return new CanonicalProfile(
          root.get("customerId").asText(), Instant.parse(root.get("fetchedAt").asText()), signals);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("not a stored profile: " + e.getMessage(), e);
    }
  }
}
