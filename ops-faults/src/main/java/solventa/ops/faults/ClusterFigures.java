package solventa.ops.faults;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A killed node's errors, sorted by cause (pure: from the load's answers and the row's times). An
 * error answered before the kill is the cluster's own; after it, an error of a quote the rotation
 * still sent to the dead node is the balancer's (until its health check drops the node); one sent
 * to a survivor is for a customer whose entity lived on the dead node (it waits for the cluster to
 * down the node and its shards to move) or for another customer (which the kill must not touch).
 *
 * @param beforeKill errors answered before the kill
 * @param toDead errors of quotes sent to the dead node (connection refused, or cut in flight)
 * @param movedErrors errors through the survivors for the customers the dead node hosted
 * @param otherErrors errors through the survivors for the other customers
 * @param windowSec kill to the last error's answer, s (0: none)
 * @param afterDown errors sent more than {@code graceSec} after the cluster downed the node (all of
 *     them when it never did)
 * @param downedSec kill to the downing (a survivor no longer listing the node), s; -1: never
 * @param lastErrorSentSec kill to the sending of the last quote that failed, s (0: none)
 * @param byStatus errors after the kill, by status
 */
record ClusterFigures(
    long beforeKill,
    long toDead,
    long movedErrors,
    long otherErrors,
    double windowSec,
    long afterDown,
    double downedSec,
    double lastErrorSentSec,
    Map<Integer, Long> byStatus) {

  /**
   * Sorts {@code sent}'s errors.
   *
   * @param killMs when the node was killed (epoch ms)
   * @param deadUrl the dead node's base URL
   * @param moved the customers whose entities were on the dead node at the kill (or on no node)
   * @param downedMs when a survivor stopped listing it as a member (epoch ms), -1: never seen
   * @param graceSec how long after the downing errors are still counted as the failover's (the
   *     shards' removal margin and their hand-off)
   */
  static ClusterFigures of(
      List<FaultLoad.Sent> sent,
      long killMs,
      String deadUrl,
      Set<String> moved,
      long downedMs,
      int graceSec) {
    long before = 0;
    long toDead = 0;
    long movedErrors = 0;
    long other = 0;
    long last = killMs;
    long lastSent = killMs;
    long afterDown = 0;
    Map<Integer, Long> byStatus = new TreeMap<>();
    for (FaultLoad.Sent s : sent) {
      if (s.status() == 200) {
        continue;
      }
      if (s.answeredMs() < killMs) {
        before++;
        continue;
      }
      byStatus.merge(s.status(), 1L, Long::sum);
      last = Math.max(last, s.answeredMs());
      lastSent = Math.max(lastSent, s.sentMs());
      if (s.target().equals(deadUrl)) {
        toDead++;
      } else if (moved.contains(s.customer())) {
        movedErrors++;
      } else {
        other++;
      }
      if (downedMs < 0 || s.sentMs() > downedMs + graceSec * 1000L) {
        afterDown++;
      }
    }
    return new ClusterFigures(
        before,
        toDead,
        movedErrors,
        other,
        (last - killMs) / 1000.0,
        afterDown,
        downedMs < 0 ? -1 : (downedMs - killMs) / 1000.0,
        (lastSent - killMs) / 1000.0,
        byStatus);
  }

  /** Errors the kill caused. */
  long afterKill() {
    return toDead + movedErrors + otherErrors;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "errors after the kill %d%s: %d sent to the dead node, %d for its customers through the"
            + " survivors, %d for other customers; %d before the kill; failover (kill to the last"
            + " error) %.1f s, the last failed quote sent %.1f s after the kill (%s); %d errors"
            + " sent later than the removal margin and hand-off after the downing",
        afterKill(),
        byStatus.isEmpty() ? "" : " " + byStatus,
        toDead,
        movedErrors,
        otherErrors,
        beforeKill,
        windowSec,
        lastErrorSentSec,
        downedSec < 0
            ? "never downed"
            : String.format(Locale.ROOT, "the downing at %.1f s", downedSec),
        afterDown);
  }
}
