package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.LabToken;
import solventa.quote.stats.ActuarialTrace;
import solventa.vocabulary.Arm;

/**
 * Issue 29, decision 0048, on a real node (arm C) with Pekko Management's read-only mode off, as
 * the runner runs it: the cluster's membership changes over HTTP (leave, down, join, prepare for a
 * full shutdown) are refused with and without the token and the node stays an Up member, while the
 * GET routes the runner and the operator read keep answering; {@code GET /quote/entities} lists
 * pseudonyms to any client and customer ids only with the runner's token.
 */
class ManagementLockdownIT {
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static NodeTestBed lab;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    Map<String, Object> o = lab.overrides(Arm.C, lab.proxy("lockdown"), "lockdown:");
    assertThat(o).containsEntry("pekko.management.http.route-providers-read-only", false);
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  record Reply(int status, String body, String contentType) {
    JsonNode json() {
      try {
        return NodeTestBed.JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static Reply send(String method, String path, String form, String authorization) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.managementPort() + path))
            .timeout(Duration.ofSeconds(5))
            .method(
                method,
                form == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(form));
    if (form != null) {
      b.header("Content-Type", "application/x-www-form-urlencoded");
    }
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    try {
      HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.body(), r.headers().firstValue("Content-Type").orElse(""));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** This node's status in its own view of the cluster ({@code GET /cluster/members}). */
  static String selfStatus() {
    JsonNode members = send("GET", "/cluster/members", null, null).json();
    String self = members.path("selfNode").asText();
    for (JsonNode m : members.path("members")) {
      if (m.path("node").asText().equals(self)) {
        return m.path("status").asText();
      }
    }
    return "absent";
  }

  @Test
  void membershipChangesOverHttpAreRefusedWithOrWithoutTheTokenAndTheNodeStaysUp()
      throws Exception {
    Reply members = send("GET", "/cluster/members", null, null);
    assertThat(members.status()).isEqualTo(200);
    String self = members.json().path("selfNode").asText(); // pekko://quote@127.0.0.1:PORT
    assertThat(self).startsWith("pekko://quote@127.0.0.1:");
    String hostPort = self.substring("pekko://".length()); // quote@127.0.0.1:PORT
    assertThat(selfStatus()).isEqualTo("Up");
    // the address form matches the member: what follows is refused, not "not found"
    assertThat(send("GET", "/cluster/members/" + hostPort, null, null).status()).isEqualTo(200);

    List<String> answers = new ArrayList<>();
    for (String auth : new String[] {null, "Bearer wrong-token-of-20-chars", LabToken.bearer()}) {
      List<Reply> changes =
          List.of(
              send("DELETE", "/cluster/members/" + hostPort, null, auth),
              send("PUT", "/cluster/members/" + hostPort, "operation=Leave", auth),
              send("PUT", "/cluster/members/" + hostPort, "operation=Down", auth),
              send("POST", "/cluster/members", "address=" + self, auth),
              send("POST", "/cluster/members/", "address=" + self, auth),
              send("PUT", "/cluster", "operation=prepare-for-full-shutdown", auth));
      for (Reply r : changes) {
        answers.add(r.status() + " " + r.body());
        assertThat(r.status())
            .as("a membership change (auth %s): %s", auth, r.body())
            .isEqualTo(403);
        assertThat(r.contentType()).isEqualTo("application/problem+json");
        assertThat(r.json().path("detail").asText())
            .contains("cluster membership changes over HTTP are off")
            .doesNotContain("Exception");
      }
    }
    // refused before its body is read, so the body is discarded first (DrainedRefusal): 1 MiB on
    // a raw socket, then the next request on the same connection is answered
    byte[] body = new byte[1 << 20];
    java.util.Arrays.fill(body, (byte) 'x');
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", node.managementPort())) {
      socket.setSoTimeout(10_000);
      solventa.lab.RawHttpReply refused =
          solventa.lab.RawHttpReply.exchange(
              socket, "DELETE", "/cluster/members/" + hostPort, "text/plain", body);
      assertThat(refused.statusLine()).startsWith("HTTP/1.1 403");
      assertThat(
              solventa.lab.RawHttpReply.exchange(socket, "GET", "/cluster/members", null, null)
                  .statusLine())
          .as("the same connection answers again")
          .startsWith("HTTP/1.1 200");
    }
    // a leave or a down would show within a gossip round or two; the member stays Up
    Thread.sleep(2000);
    assertThat(selfStatus()).as("after %s", answers).isEqualTo("Up");
    assertThat(node.isReady()).isTrue();

    // what the runner, bin/lab status and the operator read keeps answering
    assertThat(send("GET", "/cluster/members", null, null).status()).isEqualTo(200);
    assertThat(send("GET", "/cluster/members/", null, null).status()).isEqualTo(200);
    assertThat(send("GET", "/cluster/shards/CustomerProfile", null, null).status()).isEqualTo(200);
    assertThat(send("GET", "/ready", null, null).status()).isEqualTo(200);
    assertThat(send("GET", "/alive", null, null).status()).isEqualTo(200);
    assertThat(NodeTestBed.quote(node, "c00000077").status()).isEqualTo(200);
  }

  /**
   * A 1 MiB body to each runner-only route on a raw socket, as the fault matrix's abuse row sends
   * it: without the token the answer is a 401 (the refusal discards the body first), with the token
   * a 413 (a declared length over the routes' 64 KiB is discarded before the answer); each read by
   * the client, never a reset, and the same connection answers the next request. Three times each,
   * since a reset of an early answer is a race.
   */
  @Test
  void anOversizedBodyToARunnerOnlyRouteIsAnsweredNeverReset() throws Exception {
    byte[] body = new byte[1 << 20];
    java.util.Arrays.fill(body, (byte) ' ');
    List<String> seen = new ArrayList<>();
    for (String path :
        List.of("/quote/stats/reset", "/quote/stats/interval", "/quote/bench/seed")) {
      for (int round = 0; round < 3; round++) {
        for (String auth : new String[] {null, LabToken.bearer()}) {
          try (java.net.Socket socket = new java.net.Socket("127.0.0.1", node.managementPort())) {
            socket.setSoTimeout(10_000);
            solventa.lab.RawHttpReply answer =
                solventa.lab.RawHttpReply.exchange(
                    socket, "POST", path, auth, "application/json", body);
            seen.add(path + " " + (auth == null ? "no token" : "token") + ": " + answer);
            assertThat(answer.statusLine())
                .as("%s with %s", path, auth == null ? "no token" : "the token")
                .startsWith(auth == null ? "HTTP/1.1 401" : "HTTP/1.1 413");
            assertThat(answer.body()).contains(auth == null ? "Authorization" : "body");
            assertThat(
                    solventa.lab.RawHttpReply.exchange(socket, "GET", "/quote/stats", null, null)
                        .statusLine())
                .as("the same connection answers again after %s", seen.get(seen.size() - 1))
                .startsWith("HTTP/1.1 200");
          }
        }
      }
    }
  }

  @Test
  void entitiesArePseudonymsWithoutTheTokenAndCustomerIdsWithIt() {
    List<String> customers = List.of("c00000101", "c00000102", "c00000103");
    for (String c : customers) {
      assertThat(NodeTestBed.quote(node, c).status()).isEqualTo(200);
    }
    ActuarialTrace trace = new ActuarialTrace(LabToken.traceKey());

    // any local client: pseudonyms, the logs' and the trace's, never a customer id
    Reply open = send("GET", "/quote/entities", null, null);
    assertThat(open.status()).isEqualTo(200);
    assertThat(open.json().path("ids").asText()).isEqualTo("pseudonym");
    List<String> pseudonyms = entities(open.json());
    assertThat(pseudonyms).allMatch(id -> id.matches("[0-9a-f]{16}"));
    assertThat(pseudonyms).containsAll(customers.stream().map(trace::pseudonym).toList());
    for (String c : customers) {
      assertThat(open.body()).doesNotContain(c);
    }

    // the runner's token: the customer ids in clear, the same entities
    Reply clear = send("GET", "/quote/entities", null, LabToken.bearer());
    assertThat(clear.status()).isEqualTo(200);
    assertThat(clear.json().path("ids").asText()).isEqualTo("customerId");
    assertThat(entities(clear.json())).containsAll(customers);
    assertThat(clear.json().path("entityCount").asInt())
        .isEqualTo(open.json().path("entityCount").asInt());

    // a wrong token is refused as on the runner-only routes, not answered with pseudonyms
    for (String wrong : new String[] {"Bearer not-" + LabToken.value(), "Basic abc", "Bearer"}) {
      Reply refused = send("GET", "/quote/entities", null, wrong);
      assertThat(refused.status()).as(wrong).isEqualTo(401);
      assertThat(refused.contentType()).isEqualTo("application/problem+json");
      for (String c : customers) {
        assertThat(refused.body()).doesNotContain(c).doesNotContain(trace.pseudonym(c));
      }
    }

    // the other GET routes carry no customer id either
    for (String path :
        new String[] {
          "/quote/stats", "/quote/stack", "/of-adapter/providers/ofb", "/cluster/members"
        }) {
      Reply r = send("GET", path, null, null);
      assertThat(r.status()).as(path).isEqualTo(200);
      for (String c : customers) {
        assertThat(r.body()).as(path).doesNotContain(c);
      }
    }
  }

  private static List<String> entities(JsonNode body) {
    List<String> ids = new ArrayList<>();
    body.path("shards").forEach(s -> s.path("entities").forEach(e -> ids.add(e.asText())));
    return ids;
  }
}
