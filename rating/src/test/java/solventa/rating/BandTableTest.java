package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.rating.internal.Band;
import solventa.rating.internal.BandTable;
import solventa.rating.model.InvalidRuleSet;

/** Band tables tile the number line exactly once; anything else names the rule. */
class BandTableTest {
  static final String RULE = "v/signal_band_factor/auto/MONTHLY_INCOME";

  static Band band(Integer lower, Integer upper, String factor) {
    return new Band(
        lower == null ? null : BigDecimal.valueOf(lower),
        upper == null ? null : BigDecimal.valueOf(upper),
        new BigDecimal(factor));
  }

  @Test
  void findsTheBandOfAValueWhateverTheRowOrder() {
    BandTable t =
        BandTable.of(
            RULE, List.of(band(3000, null, "0.9"), band(null, 1000, "1.1"), band(1000, 3000, "1")));
    assertThat(t.bandFor(new BigDecimal("-5")).factor()).isEqualByComparingTo("1.1");
    assertThat(t.bandFor(new BigDecimal("1000")).factor()).isEqualByComparingTo("1");
    assertThat(t.bandFor(new BigDecimal("2999.99")).factor()).isEqualByComparingTo("1");
    assertThat(t.bandFor(new BigDecimal("3000")).factor()).isEqualByComparingTo("0.9");
  }

  @Test
  void aSingleUnboundedBandIsValid() {
    assertThat(BandTable.of(RULE, List.of(band(null, null, "1"))).bands()).hasSize(1);
  }

  @Test
  void refusesGapsOverlapsAndBadFactors() {
    assertThatThrownBy(() -> BandTable.of(RULE, List.of()))
        .isInstanceOf(InvalidRuleSet.class)
        .hasMessageContaining(RULE)
        .hasMessageContaining("no bands");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(0, null, "1"))))
        .hasMessageContaining("gapped bands: nothing covers values below 0");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(null, 10, "1"), band(12, null, "1"))))
        .hasMessageContaining("gapped bands");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(null, 10, "1"), band(8, null, "1"))))
        .hasMessageContaining("overlapping bands: (-inf,10) and [8,+inf)");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(null, null, "1"), band(null, 5, "1"))))
        .hasMessageContaining("overlapping bands");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(null, 10, "1"))))
        .hasMessageContaining("nothing covers values from 10");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(null, null, "-0.5"))))
        .hasMessageContaining("negative factor -0.5");
    assertThatThrownBy(() -> BandTable.of(RULE, List.of(band(null, null, "0"))))
        .hasMessageContaining("factor is 0");
    assertThatThrownBy(
            () ->
                BandTable.of(
                    RULE, List.of(band(null, 5, "1"), band(5, 5, "1"), band(5, null, "1"))))
        .hasMessageContaining("is empty");
  }
}
