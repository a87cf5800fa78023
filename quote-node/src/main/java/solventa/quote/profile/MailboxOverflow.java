package solventa.quote.profile;

import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.eventstream.EventStream;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import solventa.quote.stats.ShedCause;

/**
 * Answers the profile requests that no entity will: a profile entity's mailbox is bounded ({@code
 * quote.entities.mailbox-capacity}), and Pekko hands a message that does not fit to dead letters.
 * This actor, one per node, listens there and answers each such {@link ProfileEntity.Resolve} with
 * {@link Resolution.Shed} ({@link ShedCause#MAILBOX_FULL}) at once, so that a full mailbox sheds
 * with a fast 503 and never leaves a request waiting for the edge's resolve timeout. A request
 * undelivered another way (its entity stopped with it queued) is answered the same.
 *
 * <p>Owns nothing; other dead letters are ignored. Its answers to a requester that has gone (the
 * ask timed out) end in dead letters too, and are ignored as well: no loop.
 */
public final class MailboxOverflow {
  private static final String NAME = "profile-mailbox-overflow";

  private MailboxOverflow() {}

  /** Starts the listener on this node and subscribes it to dead letters. */
  public static ActorRef<DeadLetter> start(ActorSystem<?> system) {
    ActorRef<DeadLetter> ref = system.systemActorOf(behavior(), NAME, Props.empty());
    system.eventStream().tell(new EventStream.Subscribe<>(DeadLetter.class, ref));
    return ref;
  }

  static Behavior<DeadLetter> behavior() {
    Resolution.Shed shed =
        new Resolution.Shed(
            ShedCause.MAILBOX_FULL,
            "too many quotes for this customer are queued on this node; retry later");
    return Behaviors.receive(DeadLetter.class)
        .onMessage(
            DeadLetter.class,
            d -> {
              if (d.message() instanceof ProfileEntity.Resolve r) {
                r.replyTo().tell(shed);
              }
              return Behaviors.same();
            })
        .build();
  }
}
