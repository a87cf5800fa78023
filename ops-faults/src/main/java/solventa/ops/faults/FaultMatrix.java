package solventa.ops.faults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.ops.results.ResultsFolder;
import solventa.ops.runner.MachineFacts;

/**
 * {@code bin/lab faults}: the fault matrix run against the embedded lab. Each scenario injects its
 * faults under load on the code that ships and measures every row: what was injected and for how
 * long, the requests sent, the errors, the last known values lost, the time to recover. Writes
 * {@code faults.md} and {@code faults.json} into the results folder, stamped with the run's date,
 * commit and machine; with {@code --docs}, the measured table of {@code docs/reliability.md} too
 * (between its {@value #BEGIN} and {@value #END} markers).
 */
public final class FaultMatrix {
  private static final Logger log = LoggerFactory.getLogger(FaultMatrix.class);

  static final String BEGIN = "<!-- faults:begin (bin/lab faults --docs writes this table) -->";
  static final String END = "<!-- faults:end -->";

  /** Every scenario, in the order the matrix runs them. */
  static List<FaultScenario> scenarios() {
    return List.of(
        new ProviderFaults(),
        new PartnerFaults(),
        new StoreFaults(),
        new ClusterFaults(),
        new EdgeFaults(),
        new AbuseFaults(),
        new ContractFaults());
  }

  /** The run's stamp: when, on which commit, on what machine. */
  record Stamp(String date, String commit, String machine) {}

  private FaultMatrix() {}

  /** The scenario names {@code --only} accepts. */
  public static List<String> names() {
    return scenarios().stream().map(FaultScenario::name).toList();
  }

  /**
   * Runs the scenarios named in {@code only} (all when empty), writes the results folder and, when
   * {@code docs} is set, the docs table; returns {@code faults.md}'s path. {@code commit} is the
   * checkout's commit as the run's stamp names it.
   */
  public static Path run(
      Path out, Set<String> only, Path docs, String commit, long seed, PrintStream console)
      throws IOException {
    Files.createDirectories(out);
    Stamp stamp =
        new Stamp(
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
                .withZone(ZoneOffset.UTC)
                .format(Instant.now()),
            commit,
            MachineFacts.line(MachineFacts.describe()));
    Map<String, List<FaultRow>> rows = new LinkedHashMap<>();
    try (FaultContext ctx = new FaultContext(out, console, seed)) {
      for (FaultScenario s : scenarios()) {
        if (!only.isEmpty() && !only.contains(s.name())) {
          continue;
        }
        console.printf("faults: %s%n", s.name());
        List<FaultRow> measured;
        try {
          measured = s.run(ctx);
        } catch (Exception e) {
          log.error("fault scenario {} failed", s.name(), e);
          measured = List.of(FaultRow.failed(s.name(), "(the whole group)", "its rows", e));
        }
        measured.forEach(r -> console.println("  " + line(r)));
        rows.put(s.name(), measured);
      }
    }
    String md = render(stamp, rows);
    Files.writeString(out.resolve("faults.md"), md, StandardCharsets.UTF_8);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("stamp", stamp);
    json.put("rows", rows);
    ResultsFolder.JSON.writeValue(out.resolve("faults.json").toFile(), json);
    if (docs != null) {
      writeDocs(docs, table(stamp, rows));
      console.printf("faults: the table of %s rewritten%n", docs);
    }
    return out.resolve("faults.md");
  }

  static String line(FaultRow r) {
    return (r.holds() == null ? "not run" : r.holds() ? "holds" : "FAILS")
        + " — "
        + r.fault()
        + ": "
        + r.measured();
  }

  /** faults.md: the stamp, then the table. */
  static String render(Stamp stamp, Map<String, List<FaultRow>> rows) {
    return "# Fault matrix\n\n" + table(stamp, rows);
  }

  /** The stamp line and the table, as docs/reliability.md holds them. */
  static String table(Stamp stamp, Map<String, List<FaultRow>> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("Run of **")
        .append(stamp.date())
        .append("**, commit `")
        .append(stamp.commit())
        .append("`, ")
        .append(stamp.machine())
        .append(". Every figure below is from that run (`bin/lab faults`).\n\n");
    sb.append(
        "| group | fault | injected | for | requests | errors | lost values | recovered in |"
            + " expected | measured | holds |\n");
    sb.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
    rows.forEach(
        (group, list) -> {
          for (FaultRow r : list) {
            sb.append("| ")
                .append(group)
                .append(" | ")
                .append(cell(r.fault()))
                .append(" | ")
                .append(cell(r.injected()))
                .append(" | ")
                .append(r.faultSec() == null ? "—" : seconds(r.faultSec()))
                .append(" | ")
                .append(r.holds() == null ? "—" : r.requests())
                .append(" | ")
                .append(r.holds() == null ? "—" : r.errors())
                .append(" | ")
                .append(r.lostValues() == null ? "—" : r.lostValues())
                .append(" | ")
                .append(r.recoverSec() == null ? "—" : seconds(r.recoverSec()))
                .append(" | ")
                .append(cell(r.expected()))
                .append(" | ")
                .append(cell(r.measured()))
                .append(" | ")
                .append(r.holds() == null ? "not run" : r.holds() ? "yes" : "**no**")
                .append(" |\n");
          }
        });
    sb.append(
        "\n\"—\": not applicable to the row (no stored value touched, nothing to recover), or the"
            + " row did not run (its measured cell says why).\n");
    return sb.toString();
  }

  static String seconds(double s) {
    return String.format(Locale.ROOT, "%.1f s", s);
  }

  static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  /** Replaces what lies between the markers in {@code docs} with {@code table}. */
  static void writeDocs(Path docs, String table) throws IOException {
    String text = Files.readString(docs, StandardCharsets.UTF_8);
    int from = text.indexOf(BEGIN);
    int to = text.indexOf(END);
    if (from < 0 || to < from) {
      throw new IOException(docs + " has no " + BEGIN + " … " + END + " block to rewrite");
    }
    String updated =
        text.substring(0, from + BEGIN.length()) + "\n" + table + "\n" + text.substring(to);
    Files.writeString(docs, updated, StandardCharsets.UTF_8);
  }

  /** The rows of {@code rows}, flattened (tests, the console's summary). */
  static List<FaultRow> all(Map<String, List<FaultRow>> rows) {
    List<FaultRow> all = new ArrayList<>();
    rows.values().forEach(all::addAll);
    return all;
  }
}
