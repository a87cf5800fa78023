package solventa.quote.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import solventa.quote.domain.QuoteFailure;
import solventa.quote.domain.QuoteFailure.Cause;

/** The one mapping of a failed quote's cause to its problem body (decision 0040). */
class ProblemTest {

  private static Problem of(Cause cause, String detail) {
    return Problem.of(new QuoteFailure(cause, detail, "q-1"));
  }

  @Test
  void eachCauseHasItsStatusAndTypeAndTheQuoteId() {
    assertThat(of(Cause.OVERLOADED, "shed").status()).isEqualTo(503);
    assertThat(of(Cause.OVERLOADED, "shed").isOverloaded()).isTrue();
    assertThat(of(Cause.UNKNOWN_CUSTOMER, null))
        .isEqualTo(Problem.unknownCustomer().withQuoteId("q-1"));
    assertThat(of(Cause.NO_CONSENT, null)).isEqualTo(Problem.noConsent().withQuoteId("q-1"));
    assertThat(of(Cause.PROVIDER_TIMEOUT, "late"))
        .isEqualTo(Problem.providerTimeout("late").withQuoteId("q-1"));
    assertThat(of(Cause.PROVIDER_UNAVAILABLE, "down"))
        .isEqualTo(Problem.providerUnavailable("down").withQuoteId("q-1"));
    assertThat(of(Cause.RESOLUTION_TIMEOUT, "slow"))
        .isEqualTo(Problem.resolutionTimeout("slow").withQuoteId("q-1"));
    assertThat(of(Cause.INTERNAL, "oops")).isEqualTo(Problem.internal("oops").withQuoteId("q-1"));
  }

  @Test
  void onlyAShedIsOverloaded() {
    for (Cause c : Cause.values()) {
      Problem p = of(c, "detail");
      assertThat(p.quoteId()).isEqualTo("q-1");
      assertThat(p.isOverloaded()).as(c.name()).isEqualTo(c == Cause.OVERLOADED);
    }
  }
}
