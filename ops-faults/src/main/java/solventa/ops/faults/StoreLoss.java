package solventa.ops.faults;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a row lost: of the values the node had (Redis's before the row, and the new ones the
 * provider gave during it), those Redis does not hold {@code settleSec} s after the row (polled),
 * and of those, the ones the node no longer answers from memory either ({@link HeldValues}).
 *
 * @param before values in Redis before the row
 * @param given new values the provider gave during the row
 * @param held where each value the node had is once the row has settled
 * @param settledSec how long the poll for Redis to hold them all took, s
 * @param unflushed the node's {@code unflushed} count at the end, -1 when unread
 */
record StoreLoss(int before, int given, HeldValues held, double settledSec, long unflushed) {

  /** Asks the node which of these customers it still answers from memory ({@link MemoryProbe}). */
  interface Probe {
    Map<String, String> ask(Collection<String> customers) throws Exception;

    /**
     * The node's {@code unflushed} count (entities that stopped with a value Redis had not taken,
     * since the node started); -1 when it cannot be read.
     */
    default long unflushed() {
      return -1;
    }
  }

  /** Values lost from Redis and memory both. */
  long total() {
    return held.lost().size();
  }

  /** Values the node had that Redis does not hold (missing, or older than the node's). */
  long notInRedis() {
    return held.notInRedis().size();
  }

  static StoreLoss settle(
      LostValues store,
      Map<String, Instant> before,
      FaultLoadResult r,
      List<String> fresh,
      int settleSec,
      Probe probe)
      throws Exception {
    Set<String> given = new TreeSet<>();
    for (FaultLoad.Sent s : r.sent()) {
      if (s.status() == 200 && s.origin().equals("FRESH") && fresh.contains(s.customer())) {
        given.add(s.customer());
      }
    }
    Map<String, Instant> had = new HashMap<>(before);
    given.forEach(c -> had.putIfAbsent(c, Instant.EPOCH));
    List<String> customers = List.copyOf(had.keySet());
    long t0 = System.currentTimeMillis();
    HeldValues inRedis;
    while (true) {
      inRedis = HeldValues.judge(had, store.read(customers), Map.of());
      if (inRedis.notInRedis().isEmpty() || System.currentTimeMillis() - t0 > settleSec * 1000L) {
        break;
      }
      Thread.sleep(250);
    }
    double settled = (System.currentTimeMillis() - t0) / 1000.0;
    Map<String, String> probed = probe.ask(inRedis.notInRedis());
    HeldValues held = HeldValues.judge(had, store.read(customers), probed);
    return new StoreLoss(before.size(), given.size(), held, settled, probe.unflushed());
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%d values before, %d new values given by the provider; %.1f s after the row %s; the"
            + " node's unflushed count %s",
        before,
        given,
        settledSec,
        held,
        unflushed < 0 ? "unread" : Long.toString(unflushed));
  }
}
