package solventa.ops.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;

/** {@code bin/lab up}'s options: what reaches the supervisor, what is refused. */
class LiveLabOptionsTest {

  @Test
  void refreshAfterDefaultsToTheCardsAndIsHandedToTheSupervisor() {
    LiveLab.Options dflt = LiveLab.Options.parse(new String[] {"up"});
    assertThat(dflt.refreshAfterSec()).isEqualTo(60);

    LiveLab.Options o = LiveLab.Options.parse(new String[] {"up", "--refresh-after", "3600"});
    assertThat(o.refreshAfterSec()).isEqualTo(3600);
    LiveLab.Options supervisor = LiveLab.Options.parse(o.superviseArgs().toArray(String[]::new));
    assertThat(supervisor.command()).isEqualTo("supervise");
    assertThat(supervisor.refreshAfterSec()).isEqualTo(3600);
    assertThat(supervisor.nodes()).isEqualTo(o.nodes());
    assertThat(supervisor.arm()).isEqualTo(o.arm());
    assertThat(supervisor.policy()).isEqualTo(o.policy());
  }

  /**
   * The double's seed defaults to every run's and reaches the supervisor, which seeds the double.
   */
  @Test
  void theSeedDefaultsToEveryRunsAndIsHandedToTheSupervisor() {
    assertThat(LiveLab.Options.parse(new String[] {"up"}).seed())
        .isEqualTo(EmbeddedLab.DOUBLE_SEED);
    LiveLab.Options o = LiveLab.Options.parse(new String[] {"up", "--seed", "7"});
    assertThat(o.superviseArgs()).containsSequence("--seed", "7");
    assertThat(LiveLab.Options.parse(o.superviseArgs().toArray(String[]::new)).seed()).isEqualTo(7);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "86400", "-5", "1h", ""})
  void aRefreshAfterOutsideOneSecondToUnderADayIsRefusedNamingOptionAndValue(String v) {
    assertThatThrownBy(() -> LiveLab.Options.parse(new String[] {"up", "--refresh-after", v}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--refresh-after must be 1..86399, was " + v);
  }

  @Test
  void theCardsProfileWithAnotherTChangesOnlyT() {
    ExperimentProfile card = ExperimentProfile.named("full");
    ExperimentProfile other = card.withRefreshAfterSec(3600);
    assertThat(other.refreshAfterSec()).isEqualTo(3600);
    assertThat(other.withRefreshAfterSec(card.refreshAfterSec())).isEqualTo(card);
  }

  /** Decision 0049: the warm-up size defaults to the experiment's and reaches the supervisor. */
  @Test
  void warmupQuotesDefaultToTheExperimentsAndAreHandedToTheSupervisor() {
    assertThat(LiveLab.Options.parse(new String[] {"up"}).warmupQuotes())
        .isEqualTo(ExperimentProfile.MEASURED_WARMUP_QUOTES);
    LiveLab.Options o = LiveLab.Options.parse(new String[] {"up", "--warmup-quotes", "1000"});
    LiveLab.Options supervisor = LiveLab.Options.parse(o.superviseArgs().toArray(String[]::new));
    assertThat(supervisor.warmupQuotes()).isEqualTo(1000);
    assertThat(ExperimentProfile.named("full").withNodeWarmupQuotes(1000).nodeWarmupQuotes())
        .isEqualTo(1000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "100001", "many"})
  void aWarmupOutsideItsRangeIsRefusedNamingOptionAndValue(String v) {
    assertThatThrownBy(() -> LiveLab.Options.parse(new String[] {"up", "--warmup-quotes", v}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--warmup-quotes must be 0..100000, was " + v);
  }

  /** A variant is chosen by name, handed to the supervisor, and refused when unknown. */
  @Test
  void aVariantIsAnArmWithItsSettingsAndIsHandedToTheSupervisor() {
    assertThat(LiveLab.Options.parse(new String[] {"up"}).arm()).isEqualTo(BenchArm.C);
    LiveLab.Options o = LiveLab.Options.parse(new String[] {"up", "--variant", "C+CR"});
    assertThat(o.arm()).isEqualTo(BenchArm.C_CR);
    assertThat(LiveLab.Options.parse(o.superviseArgs().toArray(String[]::new)).arm())
        .isEqualTo(BenchArm.C_CR);
    assertThatThrownBy(() -> LiveLab.Options.parse(new String[] {"up", "--variant", "D"}))
        .hasMessageContaining(
            "--variant must be one of B+CB, C@80ms, C@160ms, C+RA, C+CR, C+SD, was D");
    assertThatThrownBy(
            () -> LiveLab.Options.parse(new String[] {"up", "--arm", "B", "--variant", "C+RA"}))
        .hasMessageContaining("give --arm or --variant, not both");
    assertThatThrownBy(() -> LiveLab.Options.parse(new String[] {"up", "--arm", "Z"}))
        .hasMessageContaining("--arm must be A, B, B+CB, C or C', was Z");
  }

  /** The report's environment says which arms have a breaker, from the arms themselves. */
  @Test
  void theClusterDescriptionNamesTheArmsWithAndWithoutABreaker() {
    assertThat(NodeGroup.BREAKERS)
        .isEqualTo(
            "arms B+CB, C, C@80ms, C@160ms, C', C+RA, C+CR and C+SD run with a circuit breaker in their"
                + " adapter, A and B without one");
    assertThat(NodeGroup.describe(1)).contains(NodeGroup.BREAKERS).doesNotContain("per arm");
    assertThat(NodeGroup.describe(3)).contains(NodeGroup.BREAKERS, "(3 per arm)");
  }
}
