package solventa.quote.profile;

import com.typesafe.config.Config;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.MessageQueue;
import scala.Option;

/**
 * A profile entity's mailbox: at most {@code mailbox-capacity} requests ({@link
 * ProfileEntity.Resolve}) queued; one more goes to dead letters, where {@link MailboxOverflow}
 * answers it as shed. The entity's own messages (its Redis recovery, provider results, budget
 * timers, persistence) are always queued: Pekko's bounded mailbox would drop them too under a flood
 * of requests, and an entity that lost its recovery or a provider result would leave the requests
 * it holds unanswered. They are bounded by the entity itself (one per call, timer or write it
 * started).
 */
public final class ResolveBoundedMailbox implements MailboxType {
  private final int capacity;

  public ResolveBoundedMailbox(ActorSystem.Settings settings, Config config) {
    this.capacity = config.getInt("mailbox-capacity");
  }

  @Override
  public MessageQueue create(Option<ActorRef> owner, Option<ActorSystem> system) {
    return new Queue(capacity);
  }

  static final class Queue implements MessageQueue {
    private final int capacity;
    private final ConcurrentLinkedQueue<Envelope> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger requests = new AtomicInteger();

    Queue(int capacity) {
      this.capacity = capacity;
    }

    @Override
    public void enqueue(ActorRef receiver, Envelope handle) {
      if (handle.message() instanceof ProfileEntity.Resolve) {
        if (requests.incrementAndGet() > capacity) {
          requests.decrementAndGet();
          ((org.apache.pekko.actor.InternalActorRef) receiver)
              .provider()
              .deadLetters()
              .tell(new DeadLetter(handle.message(), handle.sender(), receiver), handle.sender());
          return;
        }
      }
      queue.add(handle);
    }

    @Override
    public Envelope dequeue() {
      Envelope e = queue.poll();
      if (e != null && e.message() instanceof ProfileEntity.Resolve) {
        requests.decrementAndGet();
      }
      return e;
    }

    @Override
    public int numberOfMessages() {
      return queue.size();
    }

    @Override
    public boolean hasMessages() {
      return !queue.isEmpty();
    }

    @Override
    public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
      Envelope e;
      while ((e = dequeue()) != null) {
        deadLetters.enqueue(owner, e);
      }
    }
  }
}
