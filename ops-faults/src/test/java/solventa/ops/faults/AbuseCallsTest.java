package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.faults.AbuseCalls.Answer;
import solventa.ops.faults.AbuseCalls.Attempt;
import solventa.ops.faults.AbuseCalls.Route;

/** The management abuse row's calls and how their answers are judged, on fixtures. */
class AbuseCallsTest {
  private static final String PROBLEM = "application/problem+json";
  private static final Route ROUTE = new Route("node", "POST", "/quote/stats/reset", "x", "{}");
  private static final Attempt NONE = new Attempt("no token", null, false);

  private static Answer answer(int status, String type, String body) {
    return new Answer(ROUTE, NONE, status, type, body, status == 0 ? "ConnectException" : null);
  }

  @Test
  void aProblemIsProblemJsonWithADetail() {
    assertThat(AbuseCalls.isProblem(PROBLEM, "{\"status\":401,\"detail\":\"no token\"}")).isTrue();
    assertThat(AbuseCalls.isProblem(PROBLEM + "; charset=UTF-8", "{\"detail\":\"x\"}")).isTrue();
    assertThat(AbuseCalls.isProblem(PROBLEM, "{\"detail\":\" \"}")).isFalse();
    assertThat(AbuseCalls.isProblem(PROBLEM, "{\"title\":\"Forbidden\"}")).isFalse();
    assertThat(AbuseCalls.isProblem("application/json", "{\"detail\":\"x\"}")).isFalse();
    assertThat(AbuseCalls.isProblem("text/plain", "The supplied authentication is invalid"))
        .isFalse();
    assertThat(AbuseCalls.isProblem(PROBLEM, "not json")).isFalse();
    assertThat(AbuseCalls.isProblem(null, null)).isFalse();
  }

  @Test
  void theAttemptsNeverPresentTheRightBearerToken() {
    String token = "s3cret-token-of-the-lab-0123456789abcdef";
    List<Attempt> attempts = AbuseCalls.attempts(token);
    assertThat(attempts).extracting(Attempt::name).hasSize(4);
    assertThat(attempts)
        .extracting(Attempt::authorization)
        .doesNotContain("Bearer " + token)
        .containsNull();
    String wrong = AbuseCalls.wrongToken(token);
    assertThat(wrong).hasSameSizeAs(token);
    for (int i = 0; i < token.length(); i++) {
      assertThat(wrong.charAt(i)).isNotEqualTo(token.charAt(i));
    }
    assertThat(attempts.get(2).authorization()).startsWith("Basic ");
    assertThat(attempts.stream().filter(Attempt::oversized).count()).isEqualTo(1);
  }

  @Test
  void theOversizedBodyIsOneMibOfJsonAndTheOthersTheRoutesOwn() {
    assertThat(AbuseCalls.body(ROUTE, new Attempt("big", null, true)))
        .hasSize(AbuseCalls.OVERSIZED_BYTES)
        .startsWith("{\"pad\":\"")
        .endsWith("\"}");
    assertThat(AbuseCalls.body(ROUTE, NONE)).isEqualTo("{}");
  }

  @Test
  void theRoutesCoverTheNodesAndTheDoublesChanges() {
    List<Route> routes = AbuseCalls.routes("pekko://quote@127.0.0.1:2552", "c00290000");
    assertThat(routes).extracting(Route::server).contains("node", "double");
    assertThat(routes)
        .extracting(Route::describe)
        .contains(
            "POST node/quote/bench/seed",
            "POST node/of-adapter/providers/ofb/force-open",
            "POST node/of-adapter/providers/ofb/breaker?policy=count&consecutive-failures=1",
            "DELETE node/cluster/members/pekko%3A%2F%2Fquote%40127.0.0.1%3A2552",
            "PUT double/admin/latency",
            "PUT double/admin/body",
            "PUT double/admin/quota",
            "PUT double/admin/healthy-tail",
            "POST double/admin/lag/reset");
  }

  @Test
  void theTallyCountsSuccessesServerErrorsBareErrorsAndSilence() {
    AbuseCalls.Tally t =
        AbuseCalls.Tally.of(
            List.of(
                answer(401, PROBLEM, "{\"detail\":\"a bearer token is required\"}"),
                answer(403, PROBLEM, "{\"detail\":\"off\"}"),
                answer(200, "application/json", "{}"),
                answer(500, PROBLEM, "{\"detail\":\"boom\"}"),
                answer(405, "text/plain", "HTTP method not allowed"),
                answer(0, "", "")));
    assertThat(t.calls()).isEqualTo(6);
    assertThat(t.success()).isEqualTo(1);
    assertThat(t.serverError()).isEqualTo(1);
    assertThat(t.noProblem()).isEqualTo(1);
    assertThat(t.unanswered()).isEqualTo(1);
    assertThat(t.byStatus()).isEqualTo(Map.of(0, 1, 200, 1, 401, 1, 403, 1, 405, 1, 500, 1));
    assertThat(t.clean()).isFalse();
    assertThat(t.offenders()).hasSize(4);
    assertThat(t.toString()).contains("1 2xx, 1 5xx, 1 errors without a problem body");
  }

  @Test
  void refusalsWithProblemsAreClean() {
    AbuseCalls.Tally t =
        AbuseCalls.Tally.of(
            List.of(
                answer(401, PROBLEM, "{\"detail\":\"x\"}"),
                answer(413, PROBLEM, "{\"detail\":\"too large\"}")));
    assertThat(t.clean()).isTrue();
    assertThat(t.offenders()).isEmpty();
  }

  @Test
  void aChangedStateIsNamedWithBothValues() {
    assertThat(
            AbuseRow.changed(
                Map.of("breaker", "CLOSED", "members", "[a=Up]"),
                Map.of("breaker", "FORCED_OPEN", "members", "[a=Up]")))
        .containsExactly("breaker: CLOSED → FORCED_OPEN");
  }
}
