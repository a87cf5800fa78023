package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.MailboxSelector;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import solventa.quote.stats.ShedCause;
import solventa.signals.Origin;

/**
 * A profile entity's mailbox ({@link ResolveBoundedMailbox}, issue 14) with {@link MailboxOverflow}
 * listening: while the entity cannot take messages (its only dispatcher thread is held), the
 * mailbox takes its capacity and every further request is answered {@link Resolution.Shed} at once;
 * none is lost, and the queued ones are answered once the entity runs. The entity here is a
 * stand-in that answers DEFAULT: what is under test is Pekko's bounded mailbox and the overflow's
 * answer, not pricing.
 */
class MailboxOverflowTest {
  static final int CAPACITY = 3;
  static final int SENT = 10;

  static final ActorTestKit kit =
      ActorTestKit.create(
          ConfigFactory.parseString(
                  "held-dispatcher { type = Dispatcher, executor = thread-pool-executor,"
                      + " thread-pool-executor.fixed-pool-size = 1, throughput = 1 }\n"
                      + "pekko.log-dead-letters = off\n"
                      + "test-mailbox { mailbox-type = \"solventa.quote.profile.ResolveBoundedMailbox\","
                      + " mailbox-capacity = 3 }")
              .withFallback(ActorTestKit.applicationTestConfig()));

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  @Test
  void requestsBeyondAFullMailboxAreAnsweredShedAtOnceAndTheQueuedOnesLater() throws Exception {
    MailboxOverflow.start(kit.system());
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    kit.system()
        .dispatchers()
        .lookup(DispatcherSelector.fromConfig("held-dispatcher"))
        .execute(
            () -> {
              holding.countDown();
              try {
                release.await(20, TimeUnit.SECONDS); // test only: holds the entity's one thread
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    assertThat(holding.await(5, TimeUnit.SECONDS)).isTrue();
    ActorRef<ProfileEntity.Command> entity =
        kit.spawn(
            answeringDefault(),
            "entity",
            MailboxSelector.fromConfig("test-mailbox").withDispatcherFromConfig("held-dispatcher"));
    TestProbe<Resolution> replies = kit.createTestProbe();
    try {
      for (int i = 0; i < SENT; i++) {
        entity.tell(new ProfileEntity.Resolve("partner-1", 0, replies.getRef()));
      }
      List<Resolution> whileHeld = new ArrayList<>();
      for (int i = 0; i < SENT - CAPACITY; i++) {
        whileHeld.add(replies.receiveMessage(Duration.ofSeconds(5)));
      }
      assertThat(whileHeld)
          .allSatisfy(
              r -> {
                assertThat(r).isInstanceOf(Resolution.Shed.class);
                assertThat(((Resolution.Shed) r).cause()).isEqualTo(ShedCause.MAILBOX_FULL);
                assertThat(((Resolution.Shed) r).detail()).contains("queued");
              });
      replies.expectNoMessage(Duration.ofMillis(200)); // the queued ones wait for the entity
    } finally {
      release.countDown();
    }
    for (int i = 0; i < CAPACITY; i++) {
      assertThat(replies.receiveMessage(Duration.ofSeconds(5)))
          .isInstanceOf(Resolution.Resolved.class);
    }
    replies.expectNoMessage(Duration.ofMillis(200)); // each request answered exactly once
  }

  private static Behavior<ProfileEntity.Command> answeringDefault() {
    return Behaviors.receive(ProfileEntity.Command.class)
        .onMessage(
            ProfileEntity.Resolve.class,
            r -> {
              r.replyTo()
                  .tell(new Resolution.Resolved(Origin.DEFAULT, null, 0, null, false, "test"));
              return Behaviors.same();
            })
        .build();
  }
}
