package solventa.ops.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import solventa.ops.results.ResultsFolder;

/**
 * A comparison as its reader sees it: {@code compare.md} (a header naming the two folders, a table
 * per design, a row per pair of steps), {@code compare.json} (the {@link Comparison} itself) and
 * the console's line per design.
 */
public final class CompareReport {
  private CompareReport() {}

  /** Writes compare.md and compare.json into {@code dir}; returns compare.md's path. */
  public static Path write(Comparison c, Path dir) throws IOException {
    return ResultsFolder.saveBench(dir, "compare", markdown(c), c);
  }

  /** compare.md. */
  public static String markdown(Comparison c) {
    StringBuilder md = new StringBuilder("# Two runs compared\n\n");
    md.append("| | A | B |\n|---|---|---|\n");
    header(md, "folder", "`" + c.a().folder() + "`", "`" + c.b().folder() + "`");
    header(md, "profile", c.a().profile(), c.b().profile());
    header(md, "commit", c.a().commit(), c.b().commit());
    header(md, "runner seed (key sequences)", c.a().runnerSeed(), c.b().runnerSeed());
    header(md, "provider double seed", c.a().doubleSeed(), c.b().doubleSeed());
    header(md, "started", c.a().startedAt(), c.b().startedAt());
    header(md, "rules version", c.a().rulesVersion(), c.b().rulesVersion());
    header(md, "steps (with a raw recording)", steps(c.a()), steps(c.b()));
    long pairs = c.designs().stream().mapToLong(d -> d.rows().size()).sum();
    long paired = c.designs().stream().mapToLong(Comparison.Design::paired).sum();
    md.append("\n**Pairing:** ")
        .append(c.pairing())
        .append("; ")
        .append(paired)
        .append(" of ")
        .append(pairs)
        .append(" pairs of steps compared paired.\n\n");
    md.append(
        "Each cell: A's value → B's value: the difference B − A and its 95 % interval; **worse**"
            + " when the interval lies wholly above 0 (every figure here is better lower), better"
            + " when it lies wholly below; — names what is missing and why. The recovery time"
            + " applies to recovery steps only. How each interval is computed:"
            + " docs/comparing-runs.md; compare.json names it for every figure.\n\n");
    md.append("**Worse:** ")
        .append(c.worse().isEmpty() ? "none." : String.join("; ", c.worse()) + ".")
        .append("\n");
    for (Comparison.Design d : c.designs()) {
      design(md, c, d);
    }
    return md.toString();
  }

  private static String steps(Comparison.Folder f) {
    return f.steps() + " (" + f.recordings() + ")" + (f.complete() ? "" : ", incomplete");
  }

  private static void header(StringBuilder md, String what, String a, String b) {
    md.append("| ").append(what).append(" | ").append(cell(a)).append(" | ");
    md.append(cell(b)).append(" |\n");
  }

  private static void design(StringBuilder md, Comparison c, Comparison.Design d) {
    md.append("\n## ").append(d.design()).append("\n\n");
    if (d.rows().isEmpty()) {
      md.append("No step of ").append(d.design()).append(" ran in both folders.\n");
    } else {
      md.append("| state · run | pairing |");
      for (Figure f : Figure.values()) {
        md.append(' ').append(f.label()).append(" (").append(f.unit()).append(") |");
      }
      md.append("\n|---|---|").append("---|".repeat(Figure.values().length)).append('\n');
      for (Comparison.Row r : d.rows()) {
        md.append("| ").append(cell(r.row())).append(" | ").append(cell(pairing(c, r)));
        md.append(" |");
        for (Difference f : r.figures()) {
          md.append(' ').append(cell(f.cell())).append(" |");
        }
        md.append('\n');
      }
    }
    only(md, "A", d.onlyInA());
    only(md, "B", d.onlyInB());
  }

  private static String pairing(Comparison c, Comparison.Row r) {
    String p;
    if (r.paired()) {
      p = "paired";
    } else if (c.pairing().equals("unpaired: " + r.unpairedBecause())) {
      p = "unpaired";
    } else {
      p = "unpaired: " + r.unpairedBecause();
    }
    return r.invalid() == null ? p : p + "; not gated: " + r.invalid();
  }

  private static void only(StringBuilder md, String side, List<String> ids) {
    if (!ids.isEmpty()) {
      md.append("\nOnly in ")
          .append(side)
          .append(" (")
          .append(ids.size())
          .append(ids.size() == 1 ? " step" : " steps")
          .append(", not compared): ")
          .append(String.join(", ", ids))
          .append(".\n");
    }
  }

  /** A table cell's text: a pipe would end the cell. */
  private static String cell(String s) {
    return s == null ? "—" : s.replace("|", "\\|").replace("\n", " ");
  }

  /** One line per design: "C: 13 pairs (0 paired), 2 worse, 1 better; 24 steps only in B". */
  public static List<String> consoleLines(Comparison c) {
    List<String> out = new ArrayList<>();
    for (Comparison.Design d : c.designs()) {
      long worse = count(d, Difference.Shift.WORSE);
      long better = count(d, Difference.Shift.BETTER);
      StringBuilder b = new StringBuilder(d.design()).append(": ");
      b.append(d.rows().size()).append(d.rows().size() == 1 ? " pair" : " pairs");
      b.append(" (").append(d.paired()).append(" paired)");
      b.append(", ").append(worse).append(" worse, ").append(better).append(" better");
      long ungated = d.rows().stream().filter(r -> r.invalid() != null).count();
      if (ungated > 0) {
        b.append(" (").append(ungated).append(" not gated: a step failed its sanity checks)");
      }
      if (!d.onlyInA().isEmpty()) {
        b.append("; ").append(d.onlyInA().size()).append(" only in A");
      }
      if (!d.onlyInB().isEmpty()) {
        b.append("; ").append(d.onlyInB().size()).append(" only in B");
      }
      out.add(b.toString());
    }
    return out;
  }

  private static long count(Comparison.Design d, Difference.Shift s) {
    return d.rows().stream()
        .filter(r -> r.invalid() == null)
        .flatMap(r -> r.figures().stream())
        .filter(f -> f.shift() == s)
        .count();
  }
}
