package solventa.ops.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import solventa.vocabulary.Acceptance;

/**
 * The figures of the paired comparison ({@link PairedBench}): the request mix both sides get, a
 * process's CPU time from {@code /proc}, what a vegeta window reports, and the node ÷ reference
 * ratio with the card's bounds. Pure, so each rule is tested on fixtures.
 */
public final class PairedFigures {
  /** Share of requests on customers never seen before (the bench's rate sweep uses the same). */
  static final double NEVER_SEEN_SHARE = 0.04;

  /** The warm customers: c00001000 .. c00001299. */
  static final int WARM_FIRST = 1000;

  static final int WARM_COUNT = 300;

  /** Never-seen customers are numbered from here; the double's universe ends at c00099999. */
  static final int NEVER_SEEN_FIRST = 50_000;

  static final int UNIVERSE_END = 99_999;

  private static final Pattern ORIGIN = Pattern.compile("\"origin\":\"(\\w+)\"");

  private PairedFigures() {}

  /** The customers of {@code n} requests, and the next never-seen id after them. */
  record Mix(List<String> customers, int nextNeverSeen) {}

  /**
   * {@code n} customers, {@value #NEVER_SEEN_SHARE} of them never seen before (from {@code
   * nextNeverSeen} on), the rest uniform over the warm set; deterministic in {@code nextNeverSeen}.
   *
   * @throws IllegalStateException past the double's universe
   */
  static Mix mix(int n, int nextNeverSeen) {
    SplittableRandom rnd = new SplittableRandom(nextNeverSeen);
    List<String> ids = new ArrayList<>(n);
    int next = nextNeverSeen;
    for (int i = 0; i < n; i++) {
      int id = rnd.nextDouble() < NEVER_SEEN_SHARE ? next++ : WARM_FIRST + rnd.nextInt(WARM_COUNT);
      ids.add(String.format(Locale.ROOT, "c%08d", id));
    }
    if (next > UNIVERSE_END) {
      throw new IllegalStateException(
          "out of never-seen customer ids (the double's universe ends at c" + UNIVERSE_END + ")");
    }
    return new Mix(ids, next);
  }

  /** One vegeta target line (its JSON format) quoting {@code customer} at {@code url}. */
  static String target(String url, String customer) {
    String body =
        "{\"partnerId\":\"p1\",\"customerId\":\""
            + customer
            + "\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{\"vehicleValue\":30000,"
            + "\"vehicleYear\":2020}}";
    return "{\"method\":\"POST\",\"url\":\""
        + url
        + "\",\"body\":\""
        + Base64.getEncoder().encodeToString(body.getBytes(StandardCharsets.UTF_8))
        + "\",\"header\":{\"Content-Type\":[\"application/json\"]}}";
  }

  /** One vegeta target line: a bare {@code GET} of {@code url} (the node's framework floor). */
  static String bareTarget(String url) {
    return "{\"method\":\"GET\",\"url\":\"" + url + "\"}";
  }

  /** utime + stime, in clock ticks, of a {@code /proc/PID/stat} line. */
  static long cpuTicks(String stat) {
    // the command name may hold spaces and parentheses: fields count from the last ')'
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /**
   * One service's window.
   *
   * @param requests requests vegeta sent
   * @param cpuMs the service process's CPU time over the window (user + system), null if unread
   * @param switches its threads' context switches over the window, null if unread
   * @param p50 vegeta's e2e p50, ms
   * @param p99 vegeta's e2e p99, ms
   * @param errorPct non-2xx answers and client errors, %
   * @param originPct CACHED, FRESH, STALE, DEFAULT, none: share of the answers, %
   */
  record Window(
      long requests,
      Double cpuMs,
      Long switches,
      double p50,
      double p99,
      double errorPct,
      Map<String, Double> originPct) {
    Double cpuPerRequest() {
      return cpuMs == null || requests == 0 ? null : cpuMs / requests;
    }

    Double switchesPerRequest() {
      return switches == null || requests == 0 ? null : (double) switches / requests;
    }

    /** Why the window measures overload rather than the stack, or null when it held the bounds. */
    String outOfBounds() {
      List<String> why = new ArrayList<>();
      if (errorPct > Acceptance.MAX_ERROR_PCT) {
        why.add(String.format(Locale.ROOT, "errors %.2f %% > 1 %%", errorPct));
      }
      if (p99 > Acceptance.P99_MS) {
        why.add(String.format(Locale.ROOT, "p99 %.0f ms > 475 ms", p99));
      }
      return why.isEmpty() ? null : String.join("; ", why);
    }
  }

  /**
   * A window from vegeta's JSON report ({@code vegeta report -type=json}) and its answers' bodies
   * (each a base64 body of {@code vegeta encode --to json}), with the process figures.
   */
  static Window window(JsonNode report, List<String> bodies, Double cpuMs, Long switches) {
    long n = report.path("requests").asLong();
    Map<String, Long> count = new LinkedHashMap<>();
    for (String o : List.of("CACHED", "FRESH", "STALE", "DEFAULT", "none")) {
      count.put(o, 0L);
    }
    for (String b : bodies) {
      String text =
          b == null || b.isEmpty()
              ? ""
              : new String(Base64.getDecoder().decode(b), StandardCharsets.UTF_8);
      Matcher m = ORIGIN.matcher(text);
      count.merge(m.find() && count.containsKey(m.group(1)) ? m.group(1) : "none", 1L, Long::sum);
    }
    Map<String, Double> pct = new LinkedHashMap<>();
    count.forEach((k, v) -> pct.put(k, n == 0 ? 0.0 : 100.0 * v / n));
    JsonNode lat = report.path("latencies");
    return new Window(
        n,
        cpuMs,
        switches,
        lat.path("50th").asDouble() / 1e6,
        lat.path("99th").asDouble() / 1e6,
        100.0 * (1 - report.path("success").asDouble()),
        pct);
  }

  /**
   * node ÷ reference CPU per request, or why it is missing: a side past the card's bounds measures
   * overload, and a side without a CPU figure measures nothing.
   */
  static String ratio(Window node, Window reference) {
    String why = missing(node, "node", reference, "reference");
    return why == null
        ? String.format(Locale.ROOT, "%.2f", ratioValue(node, reference))
        : "— (" + why + ")";
  }

  /** node ÷ reference CPU per request, or null where {@link #ratio} gives a reason instead. */
  static Double ratioValue(Window node, Window reference) {
    return missing(node, "node", reference, "reference") != null
        ? null
        : node.cpuPerRequest() / reference.cpuPerRequest();
  }

  // why two windows' CPU cannot be set side by side, or null when they can
  private static String missing(Window a, String aName, Window b, String bName) {
    List<String> why = new ArrayList<>();
    String oa = a.outOfBounds();
    String ob = b.outOfBounds();
    if (oa != null) {
      why.add(aName + ": " + oa);
    }
    if (ob != null) {
      why.add(bName + ": " + ob);
    }
    if (a.cpuPerRequest() == null || b.cpuPerRequest() == null) {
      why.add("a CPU time could not be read");
    }
    return why.isEmpty() ? null : String.join("; ", why);
  }

  /**
   * The quote path's own CPU above the node's floor in one round: the node's CPU per quote minus
   * its CPU per bare request at the same rate, ms; {@code missing} says why when it cannot be set.
   */
  record AboveFloor(int round, Double quoteMs, Double floorMs, Double ms, String missing) {}

  static AboveFloor aboveFloor(int round, Window quotes, Window floor) {
    String why = missing(quotes, "quotes", floor, "floor");
    return why == null
        ? new AboveFloor(
            round,
            quotes.cpuPerRequest(),
            floor.cpuPerRequest(),
            quotes.cpuPerRequest() - floor.cpuPerRequest(),
            null)
        : new AboveFloor(round, quotes.cpuPerRequest(), floor.cpuPerRequest(), null, why);
  }

  /**
   * The section that sets the paired windows against the standard stack's two CPU targets: the
   * node's CPU per quote at most {@value StackTargets#CARD_STACK_SHARE}× the card's stack's (every
   * window with a ratio, and their median), and the quote path at most {@value
   * StackTargets#PATH_ABOVE_FLOOR_MS} ms above the node's floor (every round, and their median). A
   * window or round without a figure is listed with its reason and left out of the count.
   */
  static String targets(List<Double> ratios, List<AboveFloor> rounds) {
    StringBuilder sb = new StringBuilder("\n## Against the standard stack's CPU targets\n\n");
    StackTargets.Tally r = StackTargets.tally(ratios, StackTargets.CARD_STACK_SHARE);
    sb.append(
        String.format(
            Locale.ROOT,
            "- Node ÷ card's stack, CPU per request, at most %.1f: %s%n",
            StackTargets.CARD_STACK_SHARE,
            r.median() == null
                ? "missing: no window pair held the card's bounds with both CPU times read"
                : String.format(
                    Locale.ROOT,
                    "%d of %d window pairs at or under it (%d without a ratio, reasons in the"
                        + " table); median **%.3f**, %s.",
                    r.met(),
                    r.n(),
                    ratios.size() - r.n(),
                    r.median(),
                    r.medianMet() ? "met" : "not met")));
    sb.append(
        String.format(
            Locale.ROOT,
            "- The quote path above the node's floor (its CPU per quote − its CPU per bare `GET"
                + " /health`, each window at the same rate, one after the other), at most %.2f ms:%n",
            StackTargets.PATH_ABOVE_FLOOR_MS));
    List<Double> above = new ArrayList<>();
    for (AboveFloor a : rounds) {
      above.add(a.ms());
      sb.append(
          a.ms() == null
              ? String.format(Locale.ROOT, "  - round %d: missing (%s)%n", a.round(), a.missing())
              : String.format(
                  Locale.ROOT,
                  "  - round %d: %.3f − %.3f = **%.3f ms** (%s)%n",
                  a.round(),
                  a.quoteMs(),
                  a.floorMs(),
                  a.ms(),
                  StackTargets.within(a.ms(), StackTargets.PATH_ABOVE_FLOOR_MS)
                      ? "met"
                      : "not met"));
    }
    StackTargets.Tally p = StackTargets.tally(above, StackTargets.PATH_ABOVE_FLOOR_MS);
    sb.append(
        p.median() == null
            ? "  - no round has the figure.\n"
            : String.format(
                Locale.ROOT,
                "  - met in %d of %d rounds; median **%.3f ms**, %s.%n",
                p.met(),
                p.n(),
                p.median(),
                p.medianMet() ? "met" : "not met"));
    return sb.toString();
  }

  /** One table row: round, service, its window and the ratio cell. */
  static String row(int round, String service, Window w, String ratio) {
    return String.format(
        Locale.ROOT,
        "| %d | %s | %s | %s | %.1f / %.1f | %.2f | %d | %s | %s |%n",
        round,
        service,
        w.cpuPerRequest() == null ? "—" : String.format(Locale.ROOT, "%.3f", w.cpuPerRequest()),
        w.switchesPerRequest() == null
            ? "—"
            : String.format(Locale.ROOT, "%.2f", w.switchesPerRequest()),
        w.p50(),
        w.p99(),
        w.errorPct(),
        w.requests(),
        origins(w),
        ratio);
  }

  // the origins' shares, or a dash for a window without quote answers (the floor's bare requests)
  private static String origins(Window w) {
    Map<String, Double> o = w.originPct();
    if (o.get("none") != null && o.get("none") >= 100.0) {
      return "— (no quote answers)";
    }
    return String.format(
        Locale.ROOT,
        "%.1f/%.1f/%.1f/%.1f",
        o.get("CACHED"),
        o.get("FRESH"),
        o.get("STALE"),
        o.get("DEFAULT"));
  }

  static final String HEADER =
      "| round | service | CPU ms/request | context switches/request | e2e p50 / p99 ms | errors %"
          + " | requests | origin % CACHED/FRESH/STALE/DEFAULT | node ÷ this |\n"
          + "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
}
