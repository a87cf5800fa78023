package solventa.ops.faults;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Whether the values a node had survived a row, its memory counted as well as Redis. A value the
 * node had is one Redis held before the row (its fetch time), or one the provider gave it during
 * the row ({@link Instant#EPOCH}: any stored value will do). Once the row has settled, each is:
 *
 * <ul>
 *   <li><b>in Redis</b> when Redis holds it or a newer one;
 *   <li><b>in memory</b> when Redis does not, but a quote for it sent with the provider down (so no
 *       new value can come) is answered {@code STALE} or {@code CACHED}: an entity still holds a
 *       value;
 *   <li><b>lost</b> when neither: the probe answered {@code DEFAULT}, an error, or nothing.
 * </ul>
 *
 * @param had the values the node had
 * @param notInRedis those Redis does not hold (missing, or older than the one the node had)
 * @param inMemory those of {@code notInRedis} the node answered from memory
 * @param lost those of {@code notInRedis} the node did not answer from memory
 */
record HeldValues(
    int had, SortedSet<String> notInRedis, SortedSet<String> inMemory, SortedSet<String> lost) {

  /** The origins that show an entity still holds a value when the provider cannot give one. */
  static final Set<String> FROM_MEMORY = Set.of("STALE", "CACHED");

  /**
   * Judges {@code had} (customer to the fetch time of the value the node had) against {@code
   * inRedis} (what Redis holds once the row has settled) and {@code probed} (customer to the origin
   * of the answer to a quote sent with the provider down, "" for an error or no answer; only the
   * customers not in Redis need one, a missing entry counts as no answer).
   */
  static HeldValues judge(
      Map<String, Instant> had, Map<String, Instant> inRedis, Map<String, String> probed) {
    SortedSet<String> notInRedis = new TreeSet<>();
    had.forEach(
        (customer, fetchedAt) -> {
          Instant stored = inRedis.get(customer);
          if (stored == null || stored.isBefore(fetchedAt)) {
            notInRedis.add(customer);
          }
        });
    SortedSet<String> inMemory = new TreeSet<>();
    SortedSet<String> lost = new TreeSet<>();
    for (String customer : notInRedis) {
      if (FROM_MEMORY.contains(probed.getOrDefault(customer, ""))) {
        inMemory.add(customer);
      } else {
        lost.add(customer);
      }
    }
    return new HeldValues(
        had.size(),
        Collections.unmodifiableSortedSet(notInRedis),
        Collections.unmodifiableSortedSet(inMemory),
        Collections.unmodifiableSortedSet(lost));
  }

  /** The customers whose values are lost, at most {@code n} of them (for a row's text). */
  List<String> firstLost(int n) {
    return lost.stream().limit(n).toList();
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "of %d values the node had, %d not in Redis: %d answered from memory (a quote with the"
            + " provider down), %d lost%s",
        had,
        notInRedis.size(),
        inMemory.size(),
        lost.size(),
        lost.isEmpty() ? "" : " " + firstLost(5) + (lost.size() > 5 ? "…" : ""));
  }
}
