package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.LabToken;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.ErrorShares;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.server.ProviderDouble;
import solventa.vocabulary.Arm;

/**
 * Property test over the admin and management APIs (issue 14), JUnit 5 with a seeded generator: the
 * node's runner-only routes (stats reset and interval, bench seed), the adapter's breaker forcing,
 * the read routes beside them, and the provider double's admin routes, each called over loopback
 * with and without the token (none, a wrong one, another scheme, the right one), with the right and
 * wrong methods, with well-formed, malformed and hostile bodies and path parameters. Properties:
 * never a 5xx; every error answer has a body that names its cause (a problem {@code detail}, or the
 * text of Pekko's own rejection); a mutating call without the right token is always 401 or 403; and
 * both servers keep answering. {@code -Dfuzz.seed} replays a failing run.
 */
class AdminApiFuzzIT {
  static final long SEED = Long.getLong("fuzz.seed", 20261201L);
  static final int CASES = Integer.getInteger("fuzz.cases", 300);
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static NodeTestBed lab;
  static QuoteNode node;
  static ProviderDouble guarded; // a double with an admin token, so its changes can be authorized

  /** One admin route: where, its method, whether it changes anything, what its body is. */
  record Target(String server, String method, String path, boolean mutating, String bodyKind) {}

  static final List<Target> TARGETS =
      List.of(
          new Target("node", "POST", "/quote/stats/reset", true, "none"),
          new Target("node", "POST", "/quote/stats/interval", true, "none"),
          new Target("node", "POST", "/quote/bench/seed", true, "seed"),
          new Target("node", "GET", "/quote/stats", false, "none"),
          new Target("node", "GET", "/quote/entities", false, "none"),
          new Target("node", "POST", "/of-adapter/providers/{p}/force-open", true, "none"),
          new Target("node", "POST", "/of-adapter/providers/{p}/force-close", true, "none"),
          new Target("node", "GET", "/of-adapter/providers/{p}", false, "none"),
          new Target("double", "PUT", "/admin/latency", true, "latency"),
          new Target("double", "PUT", "/admin/errors", true, "errors"),
          new Target("double", "PUT", "/admin/body", true, "body"),
          new Target("double", "PUT", "/admin/quota", true, "quota"),
          new Target("double", "POST", "/admin/lag/reset", true, "none"),
          new Target("double", "GET", "/admin/state", false, "none"),
          new Target("double", "GET", "/admin/lag", false, "none"),
          new Target("double", "GET", "/admin/customers/{c}", false, "none"),
          new Target("node", "POST", "/of-adapter/providers/{p}/breaker", true, "none"));

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    Map<String, Object> o = lab.overrides(Arm.C, lab.proxy("admin-fuzz"), "admin-fuzz:");
    o.put("of-adapter.management.allow-force", true);
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    guarded =
        ProviderDouble.start(
            lab.bench,
            new DoubleSettings(
                "127.0.0.1",
                0,
                7,
                100_000,
                0.1,
                LatencyProfile.custom(5, 20),
                ErrorShares.NONE,
                Set.of(),
                LabToken.value(),
                false));
  }

  @AfterAll
  static void stopAll() {
    if (guarded != null) {
      guarded.close();
    }
    if (node != null) {
      node.close();
    }
    if (lab != null) {
      lab.close();
    }
  }

  record Call(Target target, String method, String path, String auth, String body) {
    String describe() {
      return method
          + " "
          + path
          + " auth="
          + (auth == null ? "<none>" : auth.length() > 40 ? auth.substring(0, 40) + "…" : auth)
          + " body="
          + (body == null ? "<none>" : body.length() > 80 ? body.substring(0, 80) + "…" : body);
    }

    boolean rightToken() {
      return LabToken.bearer().equals(auth);
    }
  }

  @Test
  void noAdminCallBecomesA5xxEveryErrorNamesItsCauseAndChangesNeedTheToken() throws Exception {
    SplittableRandom r = new SplittableRandom(SEED);
    List<String> failures = new ArrayList<>();
    int authorizedChanges = 0;
    java.util.TreeMap<Integer, Integer> statuses = new java.util.TreeMap<>();
    for (int i = 0; i < CASES; i++) {
      Call c = call(r);
      HttpResponse<String> a = send(c);
      statuses.merge(a.statusCode(), 1, Integer::sum);
      String where = "case " + i + " (seed " + SEED + "): " + c.describe() + " → " + a.statusCode();
      if (a.statusCode() >= 500) {
        failures.add(where + " " + a.body());
      }
      if (a.statusCode() >= 400 && !namesCause(a)) {
        failures.add(where + ": error without a cause: " + a.body());
      }
      boolean changeAttempt = c.target().mutating() && c.method().equals(c.target().method());
      if (changeAttempt && !c.rightToken() && a.statusCode() != 401 && a.statusCode() != 403) {
        failures.add(where + ": a change without the right token was not refused");
      }
      if (changeAttempt && c.rightToken() && a.statusCode() < 300) {
        authorizedChanges++;
      }
    }
    System.out.println(
        "FIGURE admin fuzz: "
            + CASES
            + " calls (seed "
            + SEED
            + "), answers by status "
            + statuses);
    assertThat(failures).as("violations").isEmpty();
    assertThat(authorizedChanges)
        .as("the generator also reaches the authorized paths")
        .isPositive();
    // both servers survived: the node quotes and the double answers its state
    send(
        new Call(
            TARGETS.get(6),
            "POST",
            "/of-adapter/providers/ofb/force-close",
            LabToken.bearer(),
            null));
    assertThat(NodeTestBed.quote(node, "c00000042").status()).isEqualTo(200);
    assertThat(NodeTestBed.get(guarded.port(), "/admin/state").status()).isEqualTo(200);
  }

  /** An error body names its cause: a problem's {@code detail}, or Pekko's own rejection text. */
  static boolean namesCause(HttpResponse<String> a) {
    String body = a.body() == null ? "" : a.body().strip();
    if (body.isEmpty()) {
      return false;
    }
    if (body.startsWith("{")) {
      try {
        return !NodeTestBed.JSON.readTree(body).path("detail").asText("").isBlank();
      } catch (IOException e) {
        return false;
      }
    }
    return true; // Pekko's plain-text rejections (404, 405) say what was wrong
  }

  static Call call(SplittableRandom r) {
    Target t = TARGETS.get(r.nextInt(TARGETS.size()));
    String method =
        r.nextInt(5) == 0 ? List.of("GET", "POST", "PUT", "DELETE").get(r.nextInt(4)) : t.method();
    String path =
        t.path()
            .replace("{p}", r.nextInt(3) == 0 ? "ofb" : encoded(hostile(r, 1 + r.nextInt(40))))
            .replace(
                "{c}",
                r.nextInt(3) == 0
                    ? String.format("c%08d", r.nextInt(100_000))
                    : encoded(hostile(r, 1 + r.nextInt(40))));
    if (r.nextInt(10) == 0) {
      path = path + "?" + encoded(hostile(r, 5)) + "=" + encoded(hostile(r, 20));
    }
    String auth =
        switch (r.nextInt(6)) {
          case 0 -> null;
          case 1 -> "Bearer";
          case 2 -> "Bearer " + printable(r, 1 + r.nextInt(64));
          case 3 -> "Basic " + printable(r, 12);
          default -> LabToken.bearer();
        };
    return new Call(t, method, path, auth, body(t, r));
  }

  static String body(Target t, SplittableRandom r) {
    switch (r.nextInt(6)) {
      case 0:
        return null;
      case 1:
        return printable(r, r.nextInt(200)); // not JSON
      case 2:
        return "[".repeat(1 + r.nextInt(3000)); // deep nesting, unterminated
      case 3:
        return "{\"" + hostile(r, 10).replace("\"", "") + "\":" + number(r) + "}";
      default:
        break;
    }
    return switch (t.bodyKind()) {
      case "seed" ->
          "{\"customers\":[{\"id\":"
              + (r.nextBoolean()
                  ? "\"" + String.format("c%08d", r.nextInt(100_000)) + "\""
                  : json(hostile(r, 1 + r.nextInt(60))))
              + ",\"ageMs\":"
              + number(r)
              + "}]}";
      case "latency" ->
          r.nextBoolean()
              ? "{\"profile\":" + json(List.of("healthy", "slow", "x", "").get(r.nextInt(4))) + "}"
              : "{\"medianMs\":" + number(r) + ",\"p99Ms\":" + number(r) + "}";
      case "errors" -> "{\"share429\":" + number(r) + ",\"share529\":" + number(r) + "}";
      case "quota" -> "{\"callsPerSecond\":" + number(r) + "}";
      case "body" ->
          "{\"mode\":"
              + (r.nextBoolean()
                  ? json(List.of("contract", "wrong-schema", "WRONG_SCHEMA", "").get(r.nextInt(4)))
                  : number(r))
              + "}";
      default -> "{}";
    };
  }

  /** Numbers a parser must survive: huge, negative, fractional, exponents, not numbers at all. */
  static String number(SplittableRandom r) {
    return List.of(
            "0",
            "-1",
            "0.5",
            "1e400",
            "-9223372036854775809",
            "9".repeat(400),
            "1e-400",
            "NaN",
            "\"12\"",
            "null",
            "true",
            "[]",
            "{}",
            "30",
            "5")
        .get(r.nextInt(15));
  }

  static String hostile(SplittableRandom r, int n) {
    String[] alphabet = {"a", "\"", "\\", "\n", "\u0000", " ", "é", "😀", "<", "%", "/", ":", ".."};
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(alphabet[r.nextInt(alphabet.length)]);
    }
    return sb.toString();
  }

  // header values must be visible ASCII (the client refuses others before sending)
  static String printable(SplittableRandom r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append((char) (33 + r.nextInt(94)));
    }
    return sb.toString();
  }

  static String encoded(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  static String json(String s) {
    return NodeTestBed.JSON.getNodeFactory().textNode(s).toString();
  }

  static HttpResponse<String> send(Call c) throws IOException, InterruptedException {
    int port = c.target().server().equals("node") ? node.managementPort() : guarded.port();
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + c.path()))
            .timeout(Duration.ofSeconds(10))
            .method(
                c.method(),
                c.body() == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(c.body()));
    if (c.body() != null) {
      b.header("Content-Type", "application/json");
    }
    if (c.auth() != null) {
      b.header("Authorization", c.auth());
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
