package solventa.ops.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import solventa.lab.FreePort;
import solventa.lab.LabException;
import solventa.lab.LabPaths;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ResultsFolder;
import solventa.ops.runner.ContextSwitches;

/**
 * {@code bin/lab bench --paired}: the quote node against the card's own Python stack, CPU per
 * request measured in pairs on one machine.
 *
 * <p>On the embedded lab: one arm C node (the full profile's T of 60 s and start-up warm-up) and
 * three variants of {@code docs/perf/card_stack_reference.py} on Uvicorn — lean; + metrics; +
 * metrics + rating work — against the same Redis and Toxiproxy listener. The generator is vegeta,
 * outside every JVM, open model: {@value PairedFigures#NEVER_SEEN_SHARE} of the requests on
 * customers never seen before, the rest on 300 warm customers. Each service is warmed (the node
 * {@code warmNodeSec}, its floor and each reference {@code warmRefSec}), then the services take
 * turns, one window each per round. The node's floor is a window of bare {@code GET /health} on the
 * same node right after its quotes' window, so the quote path's own cost above the floor can be
 * read; the section after the table sets both CPU targets against the windows ({@link
 * PairedFigures#targets}). CPU is each service process's own (user + system from {@code
 * /proc/PID/stat}); context switches its threads' ({@link ContextSwitches}). The references keep a
 * profile an hour; the node refreshes its warm customers every 60 s, so it does a little more work
 * and its ratio is, if anything, overstated.
 *
 * <p>vegeta and the references' Python packages are installed into {@code .tools/} by {@code
 * bin/setup --paired} (which {@code bin/lab bench --paired} runs first): they come from the Go
 * module proxy and PyPI, so the rest of the lab never needs them.
 */
public final class PairedBench {
  /** What a plan runs: rate, window, rounds, and the warm-ups. */
  public record Plan(int rate, int windowSec, int rounds, int warmNodeSec, int warmRefSec) {
    public static final Plan FULL = new Plan(800, 30, 3, 90, 30);
    public static final Plan QUICK = new Plan(800, 10, 1, 20, 10);

    /** The same plan with the node's unmeasured load before the first round set to {@code sec}. */
    public Plan withWarmNodeSec(int sec) {
      return new Plan(rate, windowSec, rounds, sec, warmRefSec);
    }
  }

  private static final List<String[]> REFERENCES =
      List.of(
          new String[] {"card's stack, lean"},
          new String[] {"card's stack + metrics", "METRICS=1"},
          new String[] {"card's stack + metrics + rating work", "METRICS=1", "RATED=1"});

  private final Path root = LabPaths.root();
  private final Path tools = root.resolve(".tools");
  private final Path work;
  private final long clockTicks;
  private int nextNeverSeen = PairedFigures.NEVER_SEEN_FIRST;

  private PairedBench(Path work) {
    this.work = work;
    this.clockTicks = clockTicks();
  }

  public static Path run(Path out, Plan plan, PrintStream console) throws IOException {
    Path logs = Files.createDirectories(out.resolve("logs"));
    PairedBench bench = new PairedBench(Files.createDirectories(out.resolve("paired")));
    bench.checkTools();
    EmbeddedLab lab = new EmbeddedLab(logs);
    List<Process> refs = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    List<Map<String, Object>> json = new ArrayList<>();
    try {
      lab.start();
      ExperimentProfile profile = ExperimentProfile.named("full");
      NodeProcess node = lab.node(BenchArm.C, "count", profile).first();
      Service quotes = new Service("quote node", node.baseUrl(), node.pid(), false);
      // the framework's floor on the same node: bare GET /health at the same rate
      Service floor =
          new Service("quote node, floor: bare GET /health", node.baseUrl(), node.pid(), true);
      List<Service> services = new ArrayList<>(List.of(quotes, floor));
      for (String[] ref : REFERENCES) {
        int port = FreePort.find();
        Process p = bench.startReference(ref, port, lab, logs);
        refs.add(p);
        services.add(new Service(ref[0], "http://127.0.0.1:" + port, p.pid(), false));
      }
      console.printf(
          "paired: warming up (node %d s, its floor and each reference %d s) at %d req/s%n",
          plan.warmNodeSec(), plan.warmRefSec(), plan.rate());
      for (Service s : services) {
        bench.window(s, plan.rate(), s == quotes ? plan.warmNodeSec() : plan.warmRefSec());
      }
      md.append(header(plan, lab.nodeStack()));
      List<Double> ratios = new ArrayList<>();
      List<PairedFigures.AboveFloor> above = new ArrayList<>();
      for (int round = 1; round <= plan.rounds(); round++) {
        console.printf("paired: round %d of %d%n", round, plan.rounds());
        PairedFigures.Window nodeWindow = null;
        for (Service s : services) {
          PairedFigures.Window w = bench.window(s, plan.rate(), plan.windowSec());
          Map<String, Object> row;
          if (s == quotes) {
            nodeWindow = w;
            md.append(PairedFigures.row(round, s.name(), w, ""));
            row = jsonRow(round, s.name(), w, "");
          } else if (s == floor) {
            PairedFigures.AboveFloor a = PairedFigures.aboveFloor(round, nodeWindow, w);
            above.add(a);
            md.append(PairedFigures.row(round, s.name(), w, "— (the node's own floor)"));
            row = jsonRow(round, s.name(), w, "");
            row.put("quotePathAboveFloorMs", a.ms());
            row.put("quotePathAboveFloorMissing", a.missing());
          } else {
            String ratio = PairedFigures.ratio(nodeWindow, w);
            ratios.add(PairedFigures.ratioValue(nodeWindow, w));
            md.append(PairedFigures.row(round, s.name(), w, ratio));
            row = jsonRow(round, s.name(), w, ratio);
          }
          json.add(row);
        }
      }
      md.append(PairedFigures.targets(ratios, above));
    } finally {
      refs.forEach(PairedBench::stop);
      lab.close();
    }
    console.print(md);
    return ResultsFolder.saveBench(out, "paired", md.toString(), json);
  }

  /** A measured service: its base URL and the process whose CPU is counted. */
  private record Service(String name, String baseUrl, long pid, boolean floor) {}

  private static String header(Plan plan, Map<String, String> stack) {
    StringBuilder sb =
        new StringBuilder("# The quote node against the card's own Python stack\n\n");
    sb.append(
        String.format(
            "vegeta, open model, %d req/s, windows of %d s, %d round(s), the services in turn,"
                + " after %d s of unmeasured load on the node and %d s on its"
                + " floor and each reference. Node stack: %s.%n%n",
            plan.rate(),
            plan.windowSec(),
            plan.rounds(),
            plan.warmNodeSec(),
            plan.warmRefSec(),
            stack));
    return sb.append(PairedFigures.HEADER).toString();
  }

  private static Map<String, Object> jsonRow(
      int round, String service, PairedFigures.Window w, String ratio) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("round", round);
    m.put("service", service);
    m.put("requests", w.requests());
    m.put("cpuMsPerRequest", w.cpuPerRequest());
    m.put("contextSwitchesPerRequest", w.switchesPerRequest());
    m.put("p50Ms", w.p50());
    m.put("p99Ms", w.p99());
    m.put("errorPct", w.errorPct());
    m.put("originPct", w.originPct());
    m.put("nodeOverThis", ratio.isEmpty() ? null : ratio);
    return m;
  }

  private void checkTools() {
    for (Path p : List.of(vegeta(), tools.resolve("card-ref-venv/bin/uvicorn"))) {
      if (!Files.isExecutable(p)) {
        throw new LabException(
            p + " is missing: bin/lab bench --paired installs it (bin/setup --paired)");
      }
    }
  }

  private Path vegeta() {
    return tools.resolve("bin/vegeta");
  }

  private Process startReference(String[] ref, int port, EmbeddedLab lab, Path logs)
      throws IOException {
    ProcessBuilder pb =
        new ProcessBuilder(
            tools.resolve("card-ref-venv/bin/uvicorn").toString(),
            "card_stack_reference:app",
            "--app-dir",
            root.resolve("docs/perf").toString(),
            "--host",
            "127.0.0.1",
            "--port",
            Integer.toString(port),
            "--log-level",
            "warning",
            "--no-access-log");
    pb.environment().put("PROVIDER", "http://127.0.0.1:" + lab.proxyPort());
    pb.environment().put("REDIS", lab.redisUri());
    pb.environment().put("REFRESH_AFTER_MS", "3600000");
    for (int i = 1; i < ref.length; i++) {
      String[] kv = ref[i].split("=", 2);
      pb.environment().put(kv[0], kv[1]);
    }
    pb.redirectErrorStream(true);
    pb.redirectOutput(logs.resolve("reference-" + port + ".log").toFile());
    Process p = pb.start();
    try {
      awaitUp("http://127.0.0.1:" + port + "/docs", p);
    } catch (RuntimeException e) {
      stop(p);
      throw e;
    }
    return p;
  }

  // bounded: 50 tries, 200 ms apart
  private static void awaitUp(String url, Process p) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    for (int i = 0; i < 50 && p.isAlive(); i++) {
      try {
        HttpResponse<Void> r =
            http.send(
                HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(1)).build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      sleep(200);
    }
    throw new LabException("the reference at " + url + " did not come up (its log is in logs/)");
  }

  /** One window of {@code secs} seconds at {@code rate} against {@code s}. */
  private PairedFigures.Window window(Service s, int rate, int secs) throws IOException {
    Path targets = work.resolve("targets.json");
    List<String> lines = new ArrayList<>();
    if (s.floor()) {
      lines.add(PairedFigures.bareTarget(s.baseUrl() + solventa.gatling.FloorSimulation.PATH));
    } else {
      PairedFigures.Mix mix = PairedFigures.mix(rate * secs, nextNeverSeen);
      nextNeverSeen = mix.nextNeverSeen();
      for (String c : mix.customers()) {
        lines.add(PairedFigures.target(s.baseUrl() + "/v1/quotes", c));
      }
    }
    Files.write(targets, lines, StandardCharsets.UTF_8);
    Path bin = work.resolve("r.bin");
    Long cpu0 = cpuMs(s.pid());
    Long cs0 = ContextSwitches.of(s.pid()).orElse(null);
    exec(
        secs + 60,
        null,
        vegeta().toString(),
        "attack",
        "-format=json",
        "-targets=" + targets,
        "-rate=" + rate,
        "-duration=" + secs + "s",
        "-max-workers=512",
        "-timeout=5s",
        "-output=" + bin);
    Long cpu1 = cpuMs(s.pid());
    Long cs1 = ContextSwitches.of(s.pid()).orElse(null);
    Path report = work.resolve("r.json");
    exec(60, report, vegeta().toString(), "report", "-type=json", bin.toString());
    Path encoded = work.resolve("r.jsonl");
    exec(60, encoded, vegeta().toString(), "encode", "--to", "json", bin.toString());
    List<String> bodies = new ArrayList<>();
    for (String line : Files.readAllLines(encoded, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        bodies.add(ResultsFolder.JSON.readTree(line).path("body").asText(""));
      }
    }
    JsonNode r = ResultsFolder.JSON.readTree(report.toFile());
    return PairedFigures.window(
        r,
        bodies,
        cpu0 == null || cpu1 == null ? null : (double) (cpu1 - cpu0),
        cs0 == null || cs1 == null ? null : cs1 - cs0);
  }

  // the process's CPU time so far, ms; null where /proc or the clock tick cannot be read
  private Long cpuMs(long pid) {
    if (clockTicks <= 0) {
      return null;
    }
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      return PairedFigures.cpuTicks(stat) * 1000 / clockTicks;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long clockTicks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? Long.parseLong(out) : -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  // runs a tool to completion within `timeoutSec`, its output to `stdout` (or discarded)
  private void exec(int timeoutSec, Path stdout, String... cmd) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectError(work.resolve("tool.err").toFile());
    pb.redirectOutput(
        stdout == null
            ? ProcessBuilder.Redirect.DISCARD
            : ProcessBuilder.Redirect.to(stdout.toFile()));
    Process p = pb.start();
    try {
      if (!p.waitFor(timeoutSec, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new LabException(cmd[0] + " " + cmd[1] + " did not finish in " + timeoutSec + " s");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new LabException("interrupted");
    }
    if (p.exitValue() != 0) {
      throw new LabException(
          cmd[0]
              + " "
              + cmd[1]
              + " exited with "
              + p.exitValue()
              + ": "
              + Files.readString(work.resolve("tool.err")).trim());
    }
  }

  private static void stop(Process p) {
    p.destroy();
    try {
      if (!p.waitFor(5, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms); // the bench's own thread, waiting for a reference to listen
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
