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
import solventa.quote.settings.Arm;

/**
 * Issue 29, decision 0048, on a real node (arm C) with Pekko Management's read-only mode off, as
 * the runner runs it: the cluster's membership changes over HTTP (leave, down, join, prepare for a
 * full shutdown) are refused with and without the token and the node stays an Up member, while the
 * GET routes the runner and the operator read keep answering.
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
}
