package solventa.ops.faults;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import solventa.lab.LabPaths;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;

/**
 * The quote API against its own contract: Schemathesis (installed into {@code .tools/contract-venv}
 * by {@code bin/setup --contract}, its version pinned in {@code bin/schemathesis.version})
 * generates requests from {@code docs/openapi.yaml}, valid and invalid, plus methods the document
 * does not list, sends them to one node of arm C and runs every one of its checks on each answer: a
 * server error, a status, media type, header or body the document does not have, valid data
 * refused, invalid data accepted, a 405 without {@code Allow}. The row holds when at least {@value
 * SchemathesisRun#MIN_CASES} cases pass every check, with no error and no warning (a document that
 * mostly rejects the data generated from it would be one).
 */
final class ContractFaults implements FaultScenario {
  /** Cases Schemathesis may generate per operation: over 1,000 in all for the three. */
  static final int MAX_EXAMPLES = 1_200;

  /** The run's bound: Schemathesis is stopped after it (about a minute on 2 cores). */
  static final long TIMEOUT_MIN = 15;

  static final String FAULT = "requests generated from docs/openapi.yaml (Schemathesis)";

  @Override
  public String name() {
    return "contract";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) throws Exception {
    Path root = LabPaths.root();
    Path st = root.resolve(".tools/contract-venv/bin/st");
    String expected =
        "every check of Schemathesis (--checks all) passes on every case, at least "
            + SchemathesisRun.MIN_CASES
            + " cases; no error; no warning (such as a document that mostly rejects the data"
            + " generated from it)";
    if (!Files.isExecutable(st)) {
      return List.of(
          FaultRow.notRun(
              FAULT,
              "Schemathesis against one node of arm C",
              expected,
              "Schemathesis is not installed at "
                  + st
                  + ": bin/lab faults installs it when the contract group runs (bin/setup"
                  + " --contract, which needs Python 3 with venv and PyPI)"));
    }
    NodeGroup node = ctx.freshNodes(BenchArm.C, 1);
    Path dir = Files.createDirectories(ctx.out().resolve("contract"));
    Path report = dir.resolve("schemathesis.json");
    Path output = dir.resolve("schemathesis.txt");
    List<String> command =
        command(st, root.resolve("docs/openapi.yaml"), node.first().baseUrl(), ctx.seed(), report);
    String injected =
        "Schemathesis "
            + version(root)
            + " against one node of arm C (provider healthy): "
            + String.join(" ", shown(command, root));
    ctx.say("contract: %s", injected);
    Process p =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!p.waitFor(TIMEOUT_MIN, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      return List.of(
          new FaultRow(
              FAULT,
              injected,
              null,
              0,
              0,
              null,
              null,
              expected,
              "Schemathesis did not finish within " + TIMEOUT_MIN + " min (stopped); " + output,
              false));
    }
    if (!Files.exists(report)) {
      return List.of(
          new FaultRow(
              FAULT,
              injected,
              null,
              0,
              0,
              null,
              null,
              expected,
              "Schemathesis wrote no report (exit " + p.exitValue() + "): " + tail(output),
              false));
    }
    SchemathesisRun run = SchemathesisRun.of(new ObjectMapper().readTree(report.toFile()));
    ctx.say("contract: %s", run.summary());
    return List.of(
        new FaultRow(
            FAULT,
            injected,
            run.seconds(),
            run.generated(),
            run.withFailures() + run.errors().size(),
            null,
            null,
            expected,
            run.summary() + "; its summary: " + tail(output),
            run.holds()));
  }

  /** The command line: every check, the pinned case count and seed, one worker, a JSON report. */
  static List<String> command(Path st, Path spec, String baseUrl, long seed, Path report) {
    return List.of(
        st.toString(),
        "run",
        spec.toString(),
        "--url",
        baseUrl,
        "--checks",
        "all",
        "--max-examples",
        String.valueOf(MAX_EXAMPLES),
        "--seed",
        String.valueOf(seed),
        "--workers",
        "1",
        "--generation-database",
        "none",
        "--no-color",
        "--report",
        "json",
        "--report-json-path",
        report.toString());
  }

  /** The command as a reader runs it: paths relative to the checkout, the node's URL as it was. */
  static List<String> shown(List<String> command, Path root) {
    List<String> out = new ArrayList<>();
    for (String a : command) {
      out.add(a.startsWith(root + "/") ? a.substring(root.toString().length() + 1) : a);
    }
    return out.subList(0, out.indexOf("--report"));
  }

  /** The pinned version, as bin/setup installs it. */
  static String version(Path root) {
    try {
      return Files.readString(root.resolve("bin/schemathesis.version")).trim();
    } catch (IOException e) {
      return "(version unknown)";
    }
  }

  /** Schemathesis's own summary: its output from the SUMMARY line on, on one line. */
  static String tail(Path output) throws IOException {
    String text = Files.readString(output, StandardCharsets.UTF_8);
    int at = text.lastIndexOf("SUMMARY");
    String summary = at < 0 ? text : text.substring(at);
    summary = summary.replaceAll("[=]{3,}", "").replaceAll("\\s+", " ").trim();
    return summary.length() > 1_500 ? summary.substring(0, 1_500) + "…" : summary;
  }
}
