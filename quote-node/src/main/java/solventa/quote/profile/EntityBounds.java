package solventa.quote.profile;

import com.typesafe.config.Config;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.entities}: the bounds on one node's profile entities, validated on construction (a
 * bad value refuses the start, naming the key and the value).
 *
 * @param maxActive profile entities this node hosts at once; a quote that would need one more is
 *     shed ({@link ActiveEntities})
 * @param mailboxCapacity messages one entity's mailbox holds; one more is shed ({@link
 *     MailboxOverflow})
 */
public record EntityBounds(int maxActive, int mailboxCapacity) {
  public static final String MAX_ACTIVE = "quote.entities.max-active";
  public static final String MAILBOX_CAPACITY = "quote.entities.mailbox-capacity";

  /** The profile entities' mailbox ({@link ResolveBoundedMailbox}), configured from the above. */
  public static final String MAILBOX_CONFIG = "quote.entities.mailbox";

  public EntityBounds {
    if (maxActive < 1) {
      throw new InvalidQuoteSettings(MAX_ACTIVE, String.valueOf(maxActive), "must be at least 1");
    }
    if (mailboxCapacity < 1) {
      throw new InvalidQuoteSettings(
          MAILBOX_CAPACITY, String.valueOf(mailboxCapacity), "must be at least 1");
    }
  }

  public static EntityBounds fromConfig(Config root) {
    return new EntityBounds(
        QuoteSettings.wholeNumber(root, MAX_ACTIVE),
        QuoteSettings.wholeNumber(root, MAILBOX_CAPACITY));
  }
}
