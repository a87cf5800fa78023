package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.hypotheses.RateBisection.Outcome;
import solventa.ops.analysis.hypotheses.RateBisection.Point;
import solventa.ops.analysis.hypotheses.RateBisection.Side;

/** The rate bisection of the open questions (b) and (c): every way it goes on or ends. */
class RateBisectionTest {
  private static final RateBisection.Question Q =
      new RateBisection.Question("count N=5", "keeps below 1 %", "misses 1 %");
  private static final RateBisection.Settings S = new RateBisection.Settings(10, 200, 10, 8, 3);

  /** Points: rate, side ('A' above, 'B' below, 'U' undecided), trials. */
  private static List<Point> points(Object... rateSideTrials) {
    List<Point> out = new ArrayList<>();
    for (int i = 0; i < rateSideTrials.length; i += 3) {
      Side side =
          switch ((Character) rateSideTrials[i + 1]) {
            case 'A' -> Side.ABOVE;
            case 'B' -> Side.BELOW;
            default -> Side.UNDECIDED;
          };
      out.add(new Point((Integer) rateSideTrials[i], side, (Integer) rateSideTrials[i + 2], ""));
    }
    return out;
  }

  @Test
  void halvesTheBracketBetweenTheHighestRateBelowAndTheLowestAbove() {
    var a = RateBisection.next(points(200, 'A', 1, 10, 'B', 1), Q, S, 0);
    assertThat(a.next()).isEqualTo(105);
    assertThat(a.outcome()).isEqualTo(Outcome.UNFINISHED);
    assertThat(a.reason()).contains("bracket 10 req/s (misses 1 %) – 200 req/s (keeps below 1 %)");
    var b = RateBisection.next(points(10, 'B', 1, 105, 'A', 1, 200, 'A', 1), Q, S, 1);
    assertThat(b.next()).isEqualTo(57);
  }

  @Test
  void aBracketWithinTheResolutionIsTheAnswer() {
    var a = RateBisection.next(points(10, 'B', 1, 16, 'B', 1, 22, 'A', 1, 200, 'A', 1), Q, S, 4);
    assertThat(a.next()).isNull();
    assertThat(a.outcome()).isEqualTo(Outcome.BRACKET);
    assertThat(a.below()).isEqualTo(16);
    assertThat(a.above()).isEqualTo(22);
    assertThat(a.reason()).contains("within 10 req/s");
  }

  @Test
  void everyRateKeepsDownToTheLowest() {
    var a = RateBisection.next(points(10, 'A', 1, 200, 'A', 1), Q, S, 0);
    assertThat(a.next()).isNull();
    assertThat(a.outcome()).isEqualTo(Outcome.EVERY_RATE_ABOVE);
    assertThat(a.above()).isEqualTo(10);
    assertThat(a.reason()).contains("keeps below 1 % at every decided rate, down to 10 req/s");
  }

  @Test
  void noRateKeepsUpToTheHighest() {
    var a = RateBisection.next(points(10, 'B', 1, 200, 'B', 1), Q, S, 0);
    assertThat(a.next()).isNull();
    assertThat(a.outcome()).isEqualTo(Outcome.NO_RATE_ABOVE);
    assertThat(a.below()).isEqualTo(200);
    assertThat(a.reason()).contains("misses 1 % at every decided rate, up to 200 req/s");
  }

  /** A rate too close to call is tried again, its trials pooled, up to the bound of trials. */
  @Test
  void aRateTooCloseToCallIsRepeatedThenEndsAsTooCloseEverywhere() {
    var again = RateBisection.next(points(10, 'U', 1, 200, 'U', 1), Q, S, 0);
    assertThat(again.next()).isEqualTo(10);
    assertThat(again.reason()).contains("10 req/s is too close to call, another trial there");
    var a = RateBisection.next(points(10, 'U', 3, 200, 'U', 3), Q, S, 4);
    assertThat(a.next()).isNull();
    assertThat(a.outcome()).isEqualTo(Outcome.TOO_CLOSE_EVERYWHERE);
    assertThat(a.reason()).contains("too close to call at every tested rate");
  }

  /** A midpoint too close to call after its trials: the break point lies near it. */
  @Test
  void aMidpointThatStaysTooCloseEndsTheBracket() {
    var a = RateBisection.next(points(10, 'B', 1, 105, 'U', 3, 200, 'A', 1), Q, S, 3);
    assertThat(a.next()).isNull();
    assertThat(a.outcome()).isEqualTo(Outcome.BRACKET);
    assertThat(a.reason()).contains("its midpoint, 105 req/s, stays too close to call");
  }

  @Test
  void theBoundOfAddedStepsEndsIt() {
    var a = RateBisection.next(points(10, 'B', 1, 57, 'A', 1, 200, 'A', 1), Q, S, 8);
    assertThat(a.next()).isNull();
    assertThat(a.outcome()).isEqualTo(Outcome.STEPS_EXHAUSTED);
    assertThat(a.below()).isEqualTo(10);
    assertThat(a.above()).isEqualTo(57);
    assertThat(a.reason()).contains("the bound of 8 added steps is reached");
  }

  /** (c): exhausted at 200 goes down to 10 first; room at 200 ends it (none up to 200). */
  @Test
  void thePoolGoesDownwardsOnlyWhereItIsExhaustedAtTheTop() {
    var down = RateBisection.next(points(200, 'A', 1), Q, S, 0);
    assertThat(down.next()).isEqualTo(10);
    assertThat(down.reason()).contains("extending down to 10");
    var none = RateBisection.next(points(200, 'B', 1), Q, S, 0);
    assertThat(none.next()).isNull();
    assertThat(none.outcome()).isEqualTo(Outcome.NO_RATE_ABOVE);
  }

  @Test
  void nothingMeasuredOrNoStepsToAdd() {
    assertThat(RateBisection.next(List.of(), Q, S, 0).outcome()).isEqualTo(Outcome.NOT_MEASURED);
    var none =
        RateBisection.next(
            points(10, 'B', 1, 200, 'A', 1), Q, new RateBisection.Settings(10, 200, 10, 0, 3), 0);
    assertThat(none.next()).isNull();
    assertThat(none.outcome()).isEqualTo(Outcome.NOT_MEASURED);
    assertThat(none.reason()).contains("the profile adds no bisection step");
  }
}
