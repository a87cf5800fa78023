package solventa.ops.faults;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a row lost: values present before and missing (or older) after, and values the provider gave
 * during the row that Redis does not hold {@code settleSec} s after it (polled).
 */
record StoreLoss(int before, long lostBefore, int given, long unwritten, double settledSec) {
  long total() {
    return lostBefore + unwritten;
  }

  static StoreLoss settle(
      LostValues store,
      Map<String, Instant> before,
      FaultLoad.Result r,
      List<String> fresh,
      int settleSec)
      throws InterruptedException {
    Set<String> given = new TreeSet<>();
    for (FaultLoad.Sent s : r.sent()) {
      if (s.status() == 200 && s.origin().equals("FRESH") && fresh.contains(s.customer())) {
        given.add(s.customer());
      }
    }
    List<String> givenList = List.copyOf(given);
    long t0 = System.currentTimeMillis();
    long unwritten = given.size();
    while (true) {
      unwritten = given.size() - store.read(givenList).size();
      if (unwritten == 0 || System.currentTimeMillis() - t0 > settleSec * 1000L) {
        break;
      }
      Thread.sleep(250);
    }
    double settled = (System.currentTimeMillis() - t0) / 1000.0;
    long lost = LostValues.lost(before, store.read(List.copyOf(before.keySet())));
    return new StoreLoss(before.size(), lost, given.size(), unwritten, settled);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%d values before, %d lost; %d new values given by the provider, %d not in Redis %.1f s"
            + " after the row",
        before,
        lostBefore,
        given,
        unwritten,
        settledSec);
  }
}
