package solventa.ops.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import solventa.ops.lab.Http;

/**
 * The management abuse row's calls: every mutating route of a quote node's management server (its
 * runner-only routes, the adapter's breaker forcing, Pekko Management's cluster membership changes)
 * and of the provider double's admin API, each tried without the right credentials (no token, a
 * wrong bearer token, the right token under another scheme, a 1 MiB body without a token), and how
 * an answer is judged. Pure: the sending is {@link AbuseRow}'s.
 */
final class AbuseCalls {
  /** The oversized body: 1 MiB (the node's runner-only routes read at most 64 KiB). */
  static final int OVERSIZED_BYTES = 1 << 20;

  /** A mutating route: which server, its method, its path, a body it would take. */
  record Route(String server, String method, String path, String contentType, String body) {
    String describe() {
      return method + " " + server + path;
    }
  }

  /** How a call presents itself: its Authorization header (null: none), its body oversized. */
  record Attempt(String name, String authorization, boolean oversized) {}

  /** One call's answer; status 0 with {@code error} when no answer came. */
  record Answer(
      Route route, Attempt attempt, int status, String contentType, String body, String error) {
    boolean success() {
      return status >= 200 && status < 300;
    }

    boolean serverError() {
      return status >= 500;
    }

    boolean answered() {
      return status > 0;
    }

    /** An error answer with a problem body ({@code application/problem+json}, a detail). */
    boolean problem() {
      return isProblem(contentType, body);
    }

    String describe() {
      return route.describe()
          + " ("
          + attempt.name()
          + ") → "
          + (answered()
              ? status + (problem() ? "" : " " + contentType + " without a problem body")
              : error);
    }
  }

  private AbuseCalls() {}

  /**
   * The mutating routes, the node's (its own cluster address {@code self} for the membership
   * routes) and the double's; {@code seedId} is the customer the seed call would store.
   */
  static List<Route> routes(String self, String seedId) {
    String member = "/cluster/members/" + URLEncoder.encode(self, StandardCharsets.UTF_8);
    String json = "application/json";
    String form = "application/x-www-form-urlencoded";
    return List.of(
        new Route("node", "POST", "/quote/stats/reset", json, "{}"),
        new Route("node", "POST", "/quote/stats/interval", json, "{}"),
        new Route(
            "node",
            "POST",
            "/quote/bench/seed",
            json,
            "{\"customers\":[{\"id\":\"" + seedId + "\",\"ageMs\":0}]}"),
        new Route("node", "POST", "/of-adapter/providers/ofb/force-open", json, ""),
        new Route("node", "POST", "/of-adapter/providers/ofb/force-close", json, ""),
        new Route(
            "node",
            "POST",
            "/of-adapter/providers/ofb/breaker?policy=count&consecutive-failures=1",
            json,
            ""),
        new Route(
            "node",
            "POST",
            "/cluster/members",
            form,
            "address=pekko%3A%2F%2Fquote%40127.0.0.1%3A1"),
        new Route("node", "PUT", member, form, "operation=Down"),
        new Route("node", "PUT", member, form, "operation=Leave"),
        new Route("node", "DELETE", member, form, ""),
        new Route("node", "PUT", "/cluster", form, "operation=PrepareForFullClusterShutdown"),
        new Route("double", "PUT", "/admin/latency", json, "{\"profile\":\"slow\"}"),
        new Route(
            "double",
            "PUT",
            "/admin/errors",
            json,
            "{\"share429\":0.5,\"share504\":0.0,\"share529\":0.0}"),
        new Route("double", "PUT", "/admin/body", json, "{\"mode\":\"wrong-schema\"}"),
        new Route("double", "PUT", "/admin/quota", json, "{\"callsPerSecond\":1}"),
        new Route("double", "PUT", "/admin/healthy-tail", json, "{\"reading\":\"p95\"}"),
        new Route("double", "POST", "/admin/lag/reset", json, "{}"));
  }

  /** The four ways in without the right credentials; {@code token} is the lab's admin token. */
  static List<Attempt> attempts(String token) {
    String basic =
        Base64.getEncoder().encodeToString(("runner:" + token).getBytes(StandardCharsets.UTF_8));
    return List.of(
        new Attempt("no token", null, false),
        new Attempt("wrong token", "Bearer " + wrongToken(token), false),
        new Attempt("the token as Basic", "Basic " + basic, false),
        new Attempt("1 MiB body, no token", null, true));
  }

  /** A bearer token of the same length and alphabet as {@code token}, differing in every place. */
  static String wrongToken(String token) {
    StringBuilder sb = new StringBuilder(Math.max(32, token.length()));
    for (int i = 0; i < Math.max(32, token.length()); i++) {
      char c = i < token.length() ? token.charAt(i) : 'a';
      sb.append(c == 'x' ? 'y' : 'x');
    }
    return sb.toString();
  }

  /** The body a call sends: the route's own, or {@value #OVERSIZED_BYTES} bytes of JSON. */
  static String body(Route route, Attempt attempt) {
    if (!attempt.oversized()) {
      return route.body();
    }
    String head = "{\"pad\":\"";
    return head + "a".repeat(OVERSIZED_BYTES - head.length() - 2) + "\"}";
  }

  /** Whether an answer is a problem: {@code application/problem+json} with a non-blank detail. */
  static boolean isProblem(String contentType, String body) {
    if (contentType == null
        || !contentType.toLowerCase(Locale.ROOT).startsWith("application/problem+json")
        || body == null) {
      return false;
    }
    try {
      JsonNode tree = Http.JSON.readTree(body);
      return tree != null && !tree.path("detail").asText("").isBlank();
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /** What a set of answers shows: counts of each kind of failure, answers by status. */
  record Tally(
      int calls,
      int success,
      int serverError,
      int noProblem,
      int unanswered,
      Map<Integer, Integer> byStatus,
      List<String> offenders) {

    static Tally of(List<Answer> answers) {
      int success = 0;
      int serverError = 0;
      int noProblem = 0;
      int unanswered = 0;
      Map<Integer, Integer> byStatus = new TreeMap<>();
      List<String> offenders = new ArrayList<>();
      for (Answer a : answers) {
        byStatus.merge(a.status(), 1, Integer::sum);
        boolean bad = false;
        if (!a.answered()) {
          unanswered++;
          bad = true;
        } else if (a.success()) {
          success++;
          bad = true;
        } else if (a.serverError()) {
          serverError++;
          bad = true;
        }
        if (a.answered() && !a.success() && !a.problem()) {
          noProblem++;
          bad = true;
        }
        if (bad) {
          offenders.add(a.describe());
        }
      }
      return new Tally(
          answers.size(), success, serverError, noProblem, unanswered, byStatus, offenders);
    }

    /** Whether every call was refused with a problem and no 5xx. */
    boolean clean() {
      return success == 0 && serverError == 0 && noProblem == 0 && unanswered == 0;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%d calls: answers by status %s; %d 2xx, %d 5xx, %d errors without a problem body, %d"
              + " unanswered%s",
          calls,
          byStatus,
          success,
          serverError,
          noProblem,
          unanswered,
          offenders.isEmpty()
              ? ""
              : " ("
                  + String.join("; ", offenders.subList(0, Math.min(5, offenders.size())))
                  + ")");
    }
  }
}
