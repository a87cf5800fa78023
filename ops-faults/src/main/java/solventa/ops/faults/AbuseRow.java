package solventa.ops.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import solventa.lab.LabToken;
import solventa.ops.faults.AbuseCalls.Answer;
import solventa.ops.faults.AbuseCalls.Attempt;
import solventa.ops.faults.AbuseCalls.Route;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;

/**
 * The "management abuse" row: on one node of arm C' (management not read-only, as the lab runs it,
 * so only the token guards the changes), every mutating route of the node's management server and
 * of the provider double's admin API called without the right credentials ({@link AbuseCalls}).
 * What could change is read before and after: the breaker, the double's state and lag recorder, the
 * cluster's members, the node's stats counters and interval, the seed call's customer in Redis.
 */
final class AbuseRow {
  static final String FAULT = "management abuse";

  /** Quotes sent after the interval starts: the interval's count after the abuse must be this. */
  static final int QUOTES = 10;

  /** The customer the seed call names: never quoted by any row. */
  static final String SEED_ID = FaultContext.customers(19_999, 1).get(0);

  private static final HttpClient CLIENT = solventa.ops.lab.Http.newClient();

  private AbuseRow() {}

  static FaultRow run(FaultContext ctx) {
    List<Attempt> attempts = AbuseCalls.attempts(LabToken.value());
    String injected =
        "on one node of arm C' and the provider double: "
            + AbuseCalls.routes("self", "seed").size()
            + " mutating routes (stats reset and interval, bench seed, breaker force-open/close"
            + " and its settings, Pekko Management's POST /cluster/members, PUT (down, leave) and"
            + " DELETE /cluster/members/<self>, PUT /cluster; the double's PUT /admin/latency, PUT"
            + " /admin/errors, PUT /admin/body (its wrong-schema mode), PUT /admin/quota (1 call a"
            + " second), PUT /admin/healthy-tail (p95), POST /admin/lag/reset) × "
            + attempts.size()
            + " attempts (no token, a wrong bearer token, the right token as Basic, a 1 MiB body"
            + " without a token); the double's /admin/state and /admin/customers/<id> are GET only";
    String expected =
        "never a 2xx, never a 5xx, every error a problem body; breaker, double state and lag,"
            + " members, stats and interval, Redis unchanged";
    try {
      NodeGroup group = ctx.nodes(BenchArm.C_PRIME, 1);
      NodeProcess node = group.first();
      ctx.clear();
      String doubleUrl = "http://127.0.0.1:" + ctx.lab().doublePort();
      int quoted = prepare(node);
      if (quoted != QUOTES) {
        return FaultRow.notRun(
            FAULT,
            injected,
            expected,
            "only " + quoted + " of " + QUOTES + " quotes before the abuse answered 200");
      }
      Map<String, String> before = state(ctx, node, doubleUrl);
      String self = "pekko://quote@127.0.0.1:" + node.remotePort();
      List<Answer> answers = new ArrayList<>();
      long t0 = System.currentTimeMillis();
      for (Route route : AbuseCalls.routes(self, SEED_ID)) {
        String base = route.server().equals("node") ? node.managementUrl() : doubleUrl;
        for (Attempt attempt : attempts) {
          answers.add(send(base, route, attempt));
        }
      }
      double sec = (System.currentTimeMillis() - t0) / 1000.0;
      Map<String, String> after = state(ctx, node, doubleUrl);
      long interval = node.interval().count();
      int quoteAfter = node.quote(FaultContext.customers(18_200, 1).get(0), "life").status();
      List<String> changed = changed(before, after);
      if (interval != QUOTES) {
        changed.add("the stats interval (counted " + interval + " quotes, not " + QUOTES + ")");
      }
      if (quoteAfter != 200) {
        changed.add("the node's quoting (a quote after the abuse answered " + quoteAfter + ")");
      }
      AbuseCalls.Tally t = AbuseCalls.Tally.of(answers);
      return new FaultRow(
          FAULT,
          injected,
          sec,
          answers.size(),
          t.success() + t.serverError() + changed.size(),
          null,
          null,
          expected,
          t + "; " + unchanged(before, interval, changed),
          t.clean() && changed.isEmpty());
    } catch (Exception e) {
      return FaultRow.failed(FAULT, injected, expected, e);
    }
  }

  /**
   * Quotes so that the node's counters are not zero, starts a stats interval (token), then quotes
   * {@value #QUOTES} more: returns how many of those answered 200.
   */
  private static int prepare(NodeProcess node) throws IOException {
    for (int i = 0; i < 20; i++) {
      node.quote(FaultContext.customers(18_000 + i, 1).get(0), "life");
    }
    node.interval();
    int quoted = 0;
    for (int i = 0; i < QUOTES; i++) {
      if (node.quote(FaultContext.customers(18_100 + i, 1).get(0), "life").status() == 200) {
        quoted++;
      }
    }
    return quoted;
  }

  private static String unchanged(Map<String, String> before, long interval, List<String> changed) {
    if (!changed.isEmpty()) {
      return "changed: " + String.join("; ", changed);
    }
    return "nothing changed (breaker "
        + before.get("breaker")
        + ", double "
        + before.get("double latency")
        + ", double lag count "
        + before.get("double lag count")
        + ", members "
        + before.get("cluster members")
        + ", stats counters, interval "
        + interval
        + " of "
        + QUOTES
        + " quotes, the seed's customer absent from Redis, a quote after: 200)";
  }

  /** One abusive call; status 0 and the exception when no answer came. */
  static Answer send(String base, Route route, Attempt attempt) {
    String body = AbuseCalls.body(route, attempt);
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + route.path()))
            .timeout(Duration.ofSeconds(10))
            .method(
                route.method(),
                body.isEmpty()
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (!body.isEmpty()) {
      b.header("Content-Type", route.contentType());
    }
    if (attempt.authorization() != null) {
      b.header("Authorization", attempt.authorization());
    }
    try {
      HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(
          route,
          attempt,
          r.statusCode(),
          r.headers().firstValue("Content-Type").orElse(""),
          r.body(),
          null);
    } catch (IOException e) {
      return new Answer(
          route, attempt, 0, "", "", e.getClass().getSimpleName() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Answer(route, attempt, 0, "", "", "interrupted");
    }
  }

  /** What an abusive call could change, read now. */
  static Map<String, String> state(FaultContext ctx, NodeProcess node, String doubleUrl)
      throws IOException {
    Map<String, String> s = new LinkedHashMap<>();
    JsonNode breaker = node.breaker();
    s.put("breaker", breaker.path("state").asText());
    s.put("breaker transitions", breaker.path("transitions").toString());
    JsonNode dbl = ctx.lab().control().doubleState().deepCopy();
    if (dbl.path("pending") instanceof ObjectNode pending) {
      pending.remove("dueInMs");
    }
    s.put("double latency", dbl.path("latency").path("profile").asText());
    s.put("double state", dbl.toString());
    s.put("double lag count", Http.json(doubleUrl + "/admin/lag").path("count").asText());
    List<String> members = new ArrayList<>();
    for (JsonNode m : Http.json(node.managementUrl() + "/cluster/members").path("members")) {
      members.add(m.path("node").asText() + "=" + m.path("status").asText());
    }
    s.put("cluster members", members.toString());
    s.put("stats quotes", Long.toString(node.snapshot().quotes().total()));
    try (LostValues store = ctx.store()) {
      s.put("seed customer in Redis", Boolean.toString(!store.read(List.of(SEED_ID)).isEmpty()));
    }
    return s;
  }

  /** The components whose value differs, each as "name: before → after". */
  static List<String> changed(Map<String, String> before, Map<String, String> after) {
    List<String> changed = new ArrayList<>();
    for (String k : before.keySet()) {
      if (!Objects.equals(before.get(k), after.get(k))) {
        changed.add(String.format(Locale.ROOT, "%s: %s → %s", k, before.get(k), after.get(k)));
      }
    }
    return changed;
  }
}
