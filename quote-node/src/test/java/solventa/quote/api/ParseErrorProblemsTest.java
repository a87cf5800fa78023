package solventa.quote.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the node answers for each status Pekko's parser gives. */
class ParseErrorProblemsTest {

  @Test
  void theParsersTwo5xxForAClientsMistakeBecome400sNamingThePart() {
    assertThat(ParseErrorProblems.problem(501).status()).isEqualTo(400);
    assertThat(ParseErrorProblems.problem(501).field()).isEqualTo("method");
    assertThat(ParseErrorProblems.problem(505).status()).isEqualTo(400);
    assertThat(ParseErrorProblems.problem(505).field()).isEqualTo("version");
  }

  @Test
  void theParsers4xxKeepTheirStatusWithAProblemThatEchoesNothing() {
    for (int status : new int[] {400, 413, 414, 431}) {
      Problem p = ParseErrorProblems.problem(status);
      assertThat(p.status()).isEqualTo(status);
      assertThat(p.detail()).isNotBlank();
    }
    assertThat(ParseErrorProblems.problem(500).status()).isEqualTo(400);
  }

  @Test
  void aBodyOnAMethodThatTakesNoneIsA405NamingPostNotTheParsers422() {
    Problem p = ParseErrorProblems.problem(ParseErrorProblems.BODY_ON_A_METHOD_WITHOUT_ONE);
    assertThat(p.status()).isEqualTo(405);
    assertThat(p.detail()).contains("POST");
  }
}
