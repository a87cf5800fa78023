package solventa.quote.stats;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.signals.Origin;

/**
 * The actuarial trace: every quote priced on a fallback ({@code STALE}/{@code DEFAULT}) becomes one
 * structured event on the logger {@value #LOGGER} (key-values: quoteId, customer, origin, ageMs,
 * missingSignals, arm); {@link QuoteStats} counts them from the quote's {@link QuoteEvent}. The
 * customer id is pseudonymized with an HMAC-SHA256 keyed by {@code quote.trace.salt}, so events of
 * one customer can be joined without naming them.
 */
public final class ActuarialTrace {
  public static final String LOGGER = "solventa.quote.actuarial";
  private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

  private final ThreadLocal<Mac> mac;

  public ActuarialTrace(String salt) {
    SecretKeySpec key = new SecretKeySpec(salt.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
    this.mac =
        ThreadLocal.withInitial(
            () -> {
              try {
                Mac m = Mac.getInstance("HmacSHA256");
                m.init(key);
                return m;
              } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 unavailable", e);
              }
            });
  }

  /** The pseudonym of a customer id: 16 hex characters of its HMAC. */
  public String pseudonym(String customerId) {
    byte[] h = mac.get().doFinal(customerId.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(h, 0, 8);
  }

  public void record(
      String quoteId,
      String customerId,
      Origin origin,
      long ageMs,
      List<String> missingSignals,
      String arm) {
    if (!origin.isFallback()) {
      return;
    }
    String customer = pseudonym(customerId);
    LOG.atInfo()
        .addKeyValue("quoteId", quoteId)
        .addKeyValue("customer", customer)
        .addKeyValue("origin", origin.name())
        .addKeyValue("ageMs", ageMs)
        .addKeyValue("missingSignals", missingSignals)
        .addKeyValue("arm", arm)
        .log(
            "fallback quote {} customer={} origin={} ageMs={} missing={}",
            quoteId,
            customer,
            origin,
            ageMs,
            missingSignals);
  }
}
