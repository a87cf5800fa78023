package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.report.DecisionCard.Design;
import solventa.ops.report.Report.Para;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.Acceptance;

/**
 * The decision card that opens the report: a few plain sentences (the design recommended, what it
 * met, the condition it rests on, HD-01's verdict), then one row per design with its worst figures
 * over the states the Recommendation requires, its fallback share through the declared outage, its
 * data age, the price error of its DEFAULT quotes and its condition. The same card, as data, is
 * {@code summary.json} ({@link DecisionCard}); this renders it.
 */
final class DecisionSection extends ReportSection {
  /** The card's words before its table stay within this many (a decision read in one glance). */
  static final int MAX_WORDS = 80;

  DecisionSection(ReportSection report) {
    super(report);
  }

  /** The card of {@code e} on its own, outside a report (the console's last line). */
  DecisionSection(solventa.ops.results.ExperimentRecord e) {
    super(e, link -> false);
  }

  /** The card, when the run walked a design through the provider's states (else none to make). */
  void card() {
    if (r.runs().isEmpty()) {
      return;
    }
    DecisionCard card = DecisionCard.of(e);
    blocks.add(new Para(words(card)));
    if (!card.designs().isEmpty()) {
      blocks.add(new Table(HEADERS, rows(card)));
    }
  }

  static final List<String> HEADERS =
      List.of(
          "Design",
          "Standing",
          "Worst p95 / p99 ms, errors % (required states)",
          "Fallback % through D (worst step)",
          "Data age p95 s (worst)",
          "DEFAULT price error, median |error| % (worst)",
          "Condition: minimum production hit rate [95 % CI]");

  /** The card's sentences: the decision, what it rests on, HD-01's verdict. */
  String words(DecisionCard card) {
    Actuarial a = e.judgedWith();
    StringBuilder sb = new StringBuilder();
    Design chosen =
        card.designs().stream()
            .filter(d -> d.design().equals(card.recommended()))
            .findFirst()
            .orElse(null);
    if (chosen == null) {
      sb.append("**No design is recommended.** ");
      boolean judged =
          card.designs().stream().anyMatch(d -> !d.standing().equals("NOT_ESTABLISHED"));
      sb.append(
          judged
              ? String.format(
                  Locale.ROOT,
                  "None met %s in every required state of every run and recovered within 60 s"
                      + " without a stampede; the table gives each design's standing. ",
                  Acceptance.describe())
              : "No design was walked through every required state, so none can be recommended"
                  + " from this run. ");
    } else {
      sb.append("**Recommended: ").append(chosen.design()).append(".** ");
      sb.append(
          String.format(
              Locale.ROOT,
              "It met %s in every required state of %s and recovered within 60 s without a"
                  + " stampede. ",
              Acceptance.describe(),
              switch (card.runs()) {
                case 1 -> "the run";
                case 2 -> "both runs";
                default -> "all " + card.runs() + " runs";
              }));
      sb.append(condition(chosen, a));
    }
    sb.append("HD-01 is ")
        .append(card.hd01() == null ? "not judged" : card.hd01())
        .append(card.provisional() ? " (provisional: the card requires 3 runs)" : "")
        .append('.');
    return sb.toString();
  }

  private String condition(Design d, Actuarial a) {
    String through =
        String.format(
            Locale.ROOT,
            "Its fallback share stays within %s %% through a %s s outage",
            Actuarial.num(a.fallbackCeilingPct()),
            Actuarial.num(a.outageSec()));
    DecisionCard.Condition c = d.minimumHitRate();
    if (c == null) {
      return "It never answers on a fallback. ";
    }
    if (c.pct() == null) {
      return through
          + " only above a minimum production hit rate this run could not measure ("
          + (c.notMeasured() == null ? "not measured" : hMinWhy(c.notMeasured()))
          + "). ";
    }
    return through + " if the production hit rate is " + hMin(d.design()) + ". ";
  }

  private static String hMinWhy(String why) {
    return switch (why) {
      case "TOO_FEW_LEVELS" -> "fewer than two seeded hit rates";
      case "FLAT" -> "the share did not fall as the hit rate rose";
      default -> "no usable step";
    };
  }

  private String hMin(String arm) {
    return e.thresholds().stream()
        .filter(t -> t.arm().equals(arm))
        .findFirst()
        .map(Thresholds::hMin)
        .map(OutageWords::hMin)
        .orElse("—");
  }

  private List<List<String>> rows(DecisionCard card) {
    List<List<String>> rows = new ArrayList<>();
    for (Design d : card.designs()) {
      rows.add(
          List.of(
              d.design() + (d.design().equals(card.recommended()) ? " (recommended)" : ""),
              switch (d.standing()) {
                case "QUALIFIES" -> "qualifies";
                case "RECOVERY_FAILS" -> "meets the latency, its recovery fails";
                case "MISSES" -> "misses";
                default -> "not established";
              },
              d.worstP95Ms() == null
                  ? cell(null, d.missing().get("worstP95Ms"))
                  : ms(d.worstP95Ms())
                      + " / "
                      + cell(ms(d.worstP99Ms()), d.missing().get("worstP99Ms"))
                      + ", "
                      + cell(pct(d.worstErrorPct()), d.missing().get("worstErrorPct")),
              cell(pct(d.fallbackThroughOutagePct()), d.missing().get("fallbackThroughOutagePct")),
              cell(
                  d.dataAgeP95Ms() == null
                      ? null
                      : String.format(Locale.ROOT, "%.1f", d.dataAgeP95Ms() / 1000),
                  d.missing().get("dataAgeP95Ms")),
              cell(pct(d.priceErrorMedianAbsPct()), d.missing().get("priceErrorMedianAbsPct")),
              d.minimumHitRate() == null
                  ? cell(null, d.missing().get("minimumHitRate"))
                  : hMin(d.design())));
    }
    return rows;
  }
}
