package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.ops.lab.Http;

/** The cluster rows' pure parts on fixtures: the cluster views, the figures. */
class ClusterFaultsTest {
  private static final String DEAD = "http://127.0.0.1:9003";
  private static final String LIVE = "http://127.0.0.1:9001";

  private static FaultLoad.Sent sent(long at, String target, String customer, int status) {
    return new FaultLoad.Sent(
        0, at, at, target, customer, status, status == 200 ? "CACHED" : "", 10, null, null);
  }

  @Test
  void aViewReadsEachMembersPortStatusTheUnreachableAndTheOldest() throws Exception {
    String json =
        "{\"selfNode\":\"pekko://quote@127.0.0.1:25520\",\"oldest\":\"pekko://quote@127.0.0.1:25520\","
            + "\"members\":[{\"node\":\"pekko://quote@127.0.0.1:25520\",\"status\":\"Up\"},"
            + "{\"node\":\"pekko://quote@127.0.0.1:25521\",\"status\":\"Up\"},"
            + "{\"node\":\"pekko://quote@127.0.0.1:25522\",\"status\":\"Down\"}],"
            + "\"unreachable\":[{\"node\":\"pekko://quote@127.0.0.1:25521\",\"observedBy\":[]}]}";
    ClusterProbe.View v = ClusterProbe.parseView(Http.JSON.readTree(json));
    assertThat(v.oldestPort()).isEqualTo(25520);
    assertThat(v.members()).isEqualTo(Map.of(25520, "Up", 25521, "Up", 25522, "Down"));
    assertThat(v.upAndReachable(25520)).isTrue();
    assertThat(v.upAndReachable(25521)).isFalse(); // unreachable
    assertThat(v.gone(25522)).isTrue(); // Down
    assertThat(v.gone(25523)).isTrue(); // not listed
    assertThat(v.gone(25521)).isFalse();
    assertThat(ClusterProbe.port("no port")).isEqualTo(-1);
  }

  @Test
  void entitiesAreEveryShardsEntityIds() throws Exception {
    String json =
        "{\"shards\":[{\"id\":\"1\",\"entities\":[\"c1\",\"c2\"]},{\"id\":\"7\",\"entities\":[\"c9\"]}]}";
    assertThat(ClusterProbe.parseEntities(Http.JSON.readTree(json)))
        .containsExactly("c1", "c2", "c9");
  }

  @Test
  void aKillsErrorsAreSortedByCauseAndTheWindowEndsAtTheLastErrorsAnswer() {
    long kill = 10_000;
    long downed = 20_000;
    List<FaultLoad.Sent> sent =
        List.of(
            sent(5_000, LIVE, "c1", 503), // before the kill: the cluster's own
            sent(10_500, DEAD, "c2", 0), // the rotation still sent it to the dead node
            sent(12_000, LIVE, "c3", 504), // a moved customer, through a survivor
            sent(13_000, LIVE, "c2", 504), // another customer through a survivor
            sent(26_000, LIVE, "c3", 504), // later than the hand-off after the downing
            sent(27_000, LIVE, "c3", 200));
    ClusterFigures f = ClusterFigures.of(sent, kill, DEAD, Set.of("c3", "c4"), downed, 5);
    assertThat(f.beforeKill()).isEqualTo(1);
    assertThat(f.toDead()).isEqualTo(1);
    assertThat(f.movedErrors()).isEqualTo(2);
    assertThat(f.otherErrors()).isEqualTo(1);
    assertThat(f.afterKill()).isEqualTo(4);
    assertThat(f.afterDown()).isEqualTo(1);
    assertThat(f.windowSec()).isEqualTo(16.01); // 26 000 + 10 ms latency
    assertThat(f.byStatus()).isEqualTo(Map.of(0, 1L, 504, 3L));
    assertThat(f.downedSec()).isEqualTo(10.0);
    assertThat(f.lastErrorSentSec()).isEqualTo(16.0);
    assertThat(f.toString())
        .contains("failover (kill to the last error) 16.0 s")
        .contains("the last failed quote sent 16.0 s after the kill (the downing at 10.0 s)");
  }

  @Test
  void withoutADowningEveryErrorAfterTheKillIsLate() {
    ClusterFigures f =
        ClusterFigures.of(
            List.of(sent(11_000, LIVE, "c3", 504)), 10_000, DEAD, Set.of("c3"), -1, 5);
    assertThat(f.afterDown()).isEqualTo(1);
    assertThat(f.toString()).contains("never downed");
    ClusterFigures none = ClusterFigures.of(List.of(), 10_000, DEAD, Set.of(), 12_000, 5);
    assertThat(none.windowSec()).isZero();
    assertThat(none.afterKill()).isZero();
  }

  @Test
  void theRemovalMarginIsTheDownRemovalMarginElseStableAfterRoundedUp() {
    java.util.function.Function<String, Integer> margin =
        conf ->
            NodeClusterSettings.removalMarginSec(
                com.typesafe.config.ConfigFactory.parseString(conf));
    assertThat(margin.apply("pekko.cluster.split-brain-resolver.stable-after = 7s")).isEqualTo(7);
    assertThat(
            margin.apply(
                "pekko.cluster.down-removal-margin = off\n"
                    + "pekko.cluster.split-brain-resolver.stable-after = 6500ms"))
        .isEqualTo(7);
    assertThat(
            margin.apply(
                "pekko.cluster.down-removal-margin = 3s\n"
                    + "pekko.cluster.split-brain-resolver.stable-after = 20s"))
        .isEqualTo(3);
    assertThat(margin.apply("a = 1")).isZero();
    // the node's own configuration, as the kill row reads it
    assertThat(NodeClusterSettings.removalMarginSec()).isEqualTo(7);
  }

  @Test
  void theEndProbeNamesAtMostTenUnansweredCustomers() {
    assertThat(ClusterFaults.unansweredText(List.of(), 96))
        .isEqualTo(
            "quoted once each through a survivor after the load, 0 of its 96 customers not"
                + " answering 200");
    List<String> twelve =
        java.util.stream.IntStream.range(0, 12).mapToObj(i -> "c" + i + " (status 504)").toList();
    assertThat(ClusterFaults.unansweredText(twelve, 96))
        .contains("12 of its 96 customers not answering 200 [c0 (status 504)")
        .contains("c9 (status 504)]")
        .doesNotContain("c10");
  }

  @Test
  void anErrorWithinTheRemovalMarginAndHandOffIsNotLate() {
    long kill = 10_000;
    long downed = 20_000;
    List<FaultLoad.Sent> sent =
        List.of(
            sent(31_900, LIVE, "c3", 504), // 11.9 s after the downing: within 7 + 5
            sent(32_100, LIVE, "c3", 504)); // 12.1 s: late
    ClusterFigures f = ClusterFigures.of(sent, kill, DEAD, Set.of("c3"), downed, 7 + 5);
    assertThat(f.afterDown()).isEqualTo(1);
    assertThat(f.toString()).contains("1 errors sent later than the removal margin and hand-off");
  }

  @Test
  void aRollingRestartsErrorsAreCountedByPhase() {
    List<ClusterRolling.Step> steps =
        List.of(
            new ClusterRolling.Step("a", 900, 3, "a2", 50, true, 10_000, 60_000),
            new ClusterRolling.Step("b", 900, 3, "b2", 50, true, 70_000, 120_000));
    List<FaultLoad.Sent> sent =
        List.of(
            sent(5_000, LIVE, "c1", 504),
            sent(20_000, LIVE, "c1", 504),
            sent(30_000, LIVE, "c1", 200),
            sent(65_000, LIVE, "c1", 504),
            sent(130_000, LIVE, "c1", 504),
            sent(140_000, LIVE, "c1", 504));
    assertThat(ClusterRolling.phases(sent, steps))
        .isEqualTo(
            "before 1; node 1 out 1, its replacement in 1; node 2 out 0, its replacement in 2");
    assertThat(ClusterRolling.phases(sent, List.of())).isEqualTo("no restart");
  }

  @Test
  void aStoppingNodeMustLeaveTheRotationBeforeItsUnreadyDelayEnds() {
    ClusterRolling.Step early = new ClusterRolling.Step("a", 1_100, 5, "a2", 30, true, 0, 1);
    ClusterRolling.Step late = new ClusterRolling.Step("b", 3_000, 5, "b2", 30, true, 0, 1);
    ClusterRolling.Step never = new ClusterRolling.Step("c", -1, 5, "c2", 30, true, 0, 1);
    assertThat(ClusterRolling.leftInTime(List.of(early), 3_000)).isEmpty();
    assertThat(ClusterRolling.leftInTime(List.of(early, late, never), 3_000))
        .isEqualTo(
            "not out of the rotation within the unready delay (3000 ms): [b after 3000 ms, c never]");
    assertThat(early.toString()).startsWith("a out of the rotation 1100 ms after SIGTERM");
    assertThat(never.toString()).startsWith("c out of the rotation NEVER after SIGTERM");
  }
}
