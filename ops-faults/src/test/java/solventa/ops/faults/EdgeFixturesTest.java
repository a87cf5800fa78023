package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The edge rows' pure parts on fixtures: answers read, verdicts, the kernel table, settings. */
class EdgeFixturesTest {
  private static ByteArrayInputStream in(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  @Test
  void anAnswerIsReadByItsContentLengthAndTwoInARowStayApart() throws IOException {
    var stream =
        in(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 22\r\n\r\n"
                + "{\"lineOfBusiness\":\"a\"}"
                + "HTTP/1.1 400 Bad Request\r\nContent-Length: 2\r\n\r\nno");
    RawHttp.Answer a = RawHttp.read(stream);
    RawHttp.Answer b = RawHttp.read(stream);
    assertThat(a.status()).isEqualTo(200);
    assertThat(a.header("content-type")).isEqualTo("application/json");
    assertThat(EdgeHttpCases.field(a.bodyText(), "lineOfBusiness")).isEqualTo("a");
    assertThat(b.status()).isEqualTo(400);
    assertThat(b.bodyText()).isEqualTo("no");
    Assertions.assertThatThrownBy(() -> RawHttp.read(stream)).isInstanceOf(EOFException.class);
  }

  @Test
  void aChunkedAnswerIsReassembled() throws IOException {
    RawHttp.Answer a =
        RawHttp.read(
            in(
                "HTTP/1.1 431 Too Large\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"));
    assertThat(a.status()).isEqualTo(431);
    assertThat(a.bodyText()).isEqualTo("abcde");
  }

  private static RawHttp.Answer answer(int status, String body) {
    return new RawHttp.Answer(status, Map.of(), body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void verdictsNameWhatWasWrong() {
    var bad = new EdgeHttpCases.Case("bad", new byte[0], false, List.of());
    var pipe = new EdgeHttpCases.Case("pipe", new byte[0], false, List.of("life", "auto"));
    assertThat(
            EdgeHttpCases.verdict(
                bad, new RawHttp.Exchange(List.of(answer(400, "")), "complete", 3), 4000))
        .isEqualTo("ok");
    assertThat(
            EdgeHttpCases.verdict(
                bad, new RawHttp.Exchange(List.of(answer(503, "")), "complete", 3), 4000))
        .isEqualTo("5xx: 503");
    assertThat(
            EdgeHttpCases.verdict(
                bad, new RawHttp.Exchange(List.of(answer(200, "")), "complete", 3), 4000))
        .isEqualTo("wrong: 200");
    assertThat(EdgeHttpCases.verdict(bad, new RawHttp.Exchange(List.of(), "timeout", 4000), 4000))
        .isEqualTo("no answer: timeout");
    var life = answer(200, "{\"lineOfBusiness\":\"life\"}");
    var auto = answer(200, "{\"lineOfBusiness\":\"auto\"}");
    assertThat(
            EdgeHttpCases.verdict(
                pipe, new RawHttp.Exchange(List.of(life, auto), "complete", 9), 4000))
        .isEqualTo("ok");
    assertThat(
            EdgeHttpCases.verdict(
                pipe, new RawHttp.Exchange(List.of(auto, life), "complete", 9), 4000))
        .startsWith("wrong: answer 1");
    assertThat(EdgeHttpCases.verdict(pipe, new RawHttp.Exchange(List.of(life), "closed", 9), 4000))
        .isEqualTo("no answer: closed");
  }

  @Test
  void anIncompleteHeadMayBeClosedByTheNodeWithinTheBoundButNotLater() {
    var cut = new EdgeHttpCases.Case("cut", new byte[0], false, List.of(), true);
    var bad = new EdgeHttpCases.Case("bad", new byte[0], false, List.of());
    assertThat(EdgeHttpCases.verdict(cut, new RawHttp.Exchange(List.of(), "closed", 2010), 4000))
        .isEqualTo("closed");
    assertThat(
            EdgeHttpCases.verdict(
                cut, new RawHttp.Exchange(List.of(), "Connection reset", 2010), 4000))
        .isEqualTo("closed");
    assertThat(EdgeHttpCases.verdict(cut, new RawHttp.Exchange(List.of(), "closed", 4100), 4000))
        .isEqualTo("closed after 4100 ms, beyond 4000 ms");
    assertThat(EdgeHttpCases.verdict(cut, new RawHttp.Exchange(List.of(), "timeout", 4000), 4000))
        .isEqualTo("no answer: timeout");
    assertThat(
            EdgeHttpCases.verdict(
                cut, new RawHttp.Exchange(List.of(answer(400, "")), "complete", 3), 4000))
        .isEqualTo("ok");
    assertThat(
            EdgeHttpCases.verdict(
                cut, new RawHttp.Exchange(List.of(answer(500, "")), "complete", 3), 4000))
        .isEqualTo("5xx: 500");
    // a complete malformed head must be answered: a close is not enough
    assertThat(EdgeHttpCases.verdict(bad, new RawHttp.Exchange(List.of(), "closed", 10), 4000))
        .isEqualTo("no answer: closed");
    assertThat(
            EdgeHttpCases.all(8080, "c1", "c2", 1).stream()
                .filter(EdgeHttpCases.Case::incomplete)
                .map(EdgeHttpCases.Case::name))
        .containsExactly("garbage request line (a method alone)");
  }

  @Test
  void everyCaseIsBuiltAndTheValidOnesExpectAnswersInOrder() {
    List<EdgeHttpCases.Case> cases = EdgeHttpCases.all(8080, "c1", "c2", 0);
    assertThat(cases).hasSize(7);
    assertThat(
            cases.stream()
                .filter(EdgeHttpCases.Case::valid)
                .map(EdgeHttpCases.Case::expectedAnswers))
        .containsExactly(2, 1);
    String dup = new String(cases.get(0).request(), StandardCharsets.ISO_8859_1);
    assertThat(dup.split("Content-Length:", -1)).hasSize(3);
  }

  @Test
  void theKernelTableCountsTheNodesPortOnly() {
    List<String> table =
        List.of(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid",
            "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000065 00:00000000 00000000 0 0 1",
            "   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000 0 0 2",
            "   2: 0100007F:1F90 0100007F:C351 01 00000000:00000000 00:00000000 00000000 0 0 3",
            "   3: 0100007F:C350 0100007F:1F90 01 00000000:00000000 00:00000000 00000000 0 0 4",
            "   4: 0100007F:1F90 0100007F:C352 06 00000000:00000000 00:00000000 00000000 0 0 5",
            "   5: 0000000000000000FFFF00000100007F:1F90 0000000000000000FFFF00000100007F:C353 03"
                + " 00000000:00000000 00:00000000 00000000 0 0 6");
    EdgeTcpTable.Counts c = EdgeTcpTable.count(table, 8080);
    assertThat(c.listening()).isTrue();
    assertThat(c.established()).isEqualTo(2);
    assertThat(c.acceptQueue()).isEqualTo(0x65);
    assertThat(c.accepted()).isZero();
    assertThat(c.synReceived()).isEqualTo(1);
    assertThat(EdgeTcpTable.count(table, 50000).established()).isEqualTo(1);
  }

  @Test
  void settingsAreReadFromTheNodesConfigurationOverPekkosDefaults() {
    EdgeSettings s =
        EdgeSettings.of(
            ConfigFactory.parseString(
                    "pekko.http.server { max-connections = 7, request-timeout = 3s }\n"
                        + "quote.http { max-body = 16k, head-timeout = 2s, body-timeout = 2500ms }")
                .withFallback(ConfigFactory.defaultReference())
                .resolve());
    assertThat(s.maxConnections()).isEqualTo(7);
    assertThat(s.requestTimeout()).isEqualTo("3s");
    assertThat(s.maxBody()).isEqualTo(16 * 1024);
    assertThat(s.maxHeaderCount()).isPositive();
    assertThat(s.headTimeoutMs()).isEqualTo(2000);
    assertThat(s.bodyTimeoutMs()).isEqualTo(2500);
    assertThat(EdgeSettings.read().maxConnections()).isEqualTo(1024);
    assertThat(EdgeSettings.read().headTimeoutMs()).isEqualTo(2000);
  }

  private static EdgeSettings settings(int maxConnections, long headTimeoutMs) {
    return new EdgeSettings(maxConnections, "10s", "3s", 100, 64, 8192, 16384, headTimeoutMs, 2500);
  }

  private static EdgeSockets.Report sockets(int connected, int closed, long closedAfterMaxMs) {
    return new EdgeSockets.Report(
        connected, connected, Map.of(), 0, closed, 900, closedAfterMaxMs, 0);
  }

  @Test
  void theExhaustionBoundComesFromTheSettingsAndTheRate() {
    assertThat(EdgeBounds.waves(2000, 1024)).isEqualTo(2);
    assertThat(EdgeBounds.waves(1024, 1024)).isEqualTo(1);
    assertThat(EdgeBounds.waves(1025, 1024)).isEqualTo(2);
    assertThat(EdgeBounds.exhaustionErrors(100, 2000, settings(1024, 2000))).isEqualTo(400);
    assertThat(EdgeBounds.exhaustionErrors(100, 2000, settings(500, 1500))).isEqualTo(600);
    assertThat(EdgeBounds.exhaustionExpected(100, 2000, settings(1024, 2000)))
        .contains("<= 100 req/s x 2 waves (2000 idle / max-connections 1024, rounded up)")
        .contains("head-timeout 2.0 s = 400");
  }

  @Test
  void theExhaustionRowFailsOverItsBoundOrWhenANewClientCannotQuote() {
    assertThat(EdgeBounds.exhaustion(400, 400, "200 in 60 ms", "200 in 50 ms")).isEmpty();
    assertThat(EdgeBounds.exhaustion(401, 400, "200 in 60 ms", "200 in 50 ms"))
        .isEqualTo("401 legit errors during the fault, over the bound of 400");
    assertThat(EdgeBounds.exhaustion(0, 400, "connect failed: Connect timed out", "200 in 50 ms"))
        .startsWith("a new client could not quote at the fault's end");
    assertThat(EdgeBounds.exhaustion(0, 400, "200 in 60 ms", "no answer within 4000 ms (timeout)"))
        .startsWith("a new client could not quote after the idle connections went");
  }

  @Test
  void theSlowConnectionsMustAllBeClosedWithinTheHeadTimeoutAndSlack() {
    assertThat(EdgeBounds.slowClosed(sockets(200, 0, -1), sockets(200, 200, 3900), 2000)).isEmpty();
    assertThat(EdgeBounds.slowClosed(sockets(200, 0, -1), sockets(200, 200, 4100), 2000))
        .isEqualTo("the last slow connection closed 4100 ms after opening, beyond 4000 ms");
    assertThat(EdgeBounds.slowClosed(sockets(200, 0, -1), sockets(200, 150, 2100), 2000))
        .isEqualTo("50 of 200 slow connections not closed by the node within the fault");
    assertThat(EdgeBounds.slowClosed(sockets(0, 0, -1), sockets(0, 0, -1), 2000))
        .isEqualTo("no slow connection was made");
    assertThat(EdgeBounds.slowExpected(settings(1024, 2000))).contains("= 4000 ms of its opening");
  }

  @Test
  void hostileJsonVerdicts() {
    assertThat(
            EdgeHostile.judge(
                new EdgeHostile.Reply(
                    400, "application/problem+json", "{\"status\":400,\"field\":\"customerId\"}")))
        .isEqualTo("400 with field");
    assertThat(EdgeHostile.judge(new EdgeHostile.Reply(400, "application/problem+json", "{}")))
        .isEqualTo("400 without field");
    assertThat(EdgeHostile.judge(new EdgeHostile.Reply(400, "text/plain", "x")))
        .isEqualTo("400 as text/plain");
    assertThat(EdgeHostile.judge(new EdgeHostile.Reply(500, "", ""))).isEqualTo("500");
    assertThat(EdgeHostile.judge(new EdgeHostile.Reply(0, "", "HttpTimeoutException")))
        .isEqualTo("no answer (HttpTimeoutException)");
  }
}
