package solventa.quote.profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * One profile entity's requests that wait on provider calls, and the ones answered at their budget
 * whose call still runs (sacrificed if that call fails). Used on the entity's own thread only.
 */
final class WaitingRequests {

  /**
   * A request waiting on a call; {@code admittedClosed} is the breaker's state when it arrived (a
   * failure of its call sacrifices it only then).
   */
  record Pending(
      long fetchId, ActorRef<Resolution> replyTo, boolean admittedClosed, long admittedAtMs) {}

  private final Map<Long, Pending> waiting = new HashMap<>();
  private final List<Pending> gaveUp = new ArrayList<>();
  private long nextId;

  /** Adds a waiting request; returns its id (the key of its budget timer). */
  long add(Pending p) {
    long id = nextId++;
    waiting.put(id, p);
    return id;
  }

  /**
   * Its budget ended: the request stops waiting, and is kept as given up when it was admitted under
   * a closed breaker.
   *
   * @return the request, or null when its call had already answered it
   */
  Pending expire(long id) {
    Pending p = waiting.remove(id);
    if (p != null && p.admittedClosed()) {
      gaveUp.add(p);
    }
    return p;
  }

  /**
   * The call {@code fetchId} ended: hands each request waiting on it (with its id) to {@code
   * answer}, and each given-up one to {@code gaveUpOnIt}; all of them leave.
   */
  void callEnded(long fetchId, BiConsumer<Long, Pending> answer, Consumer<Pending> gaveUpOnIt) {
    for (Iterator<Map.Entry<Long, Pending>> it = waiting.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Long, Pending> e = it.next();
      if (e.getValue().fetchId() == fetchId) {
        it.remove();
        answer.accept(e.getKey(), e.getValue());
      }
    }
    for (Iterator<Pending> it = gaveUp.iterator(); it.hasNext(); ) {
      Pending p = it.next();
      if (p.fetchId() == fetchId) {
        it.remove();
        gaveUpOnIt.accept(p);
      }
    }
  }
}
