package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import solventa.lab.LabPaths;
import solventa.ops.results.ResultsFolder;

/**
 * The committed samples' results ({@code docs/sample-report*}/results.zip: results.json and every
 * step's raw recording) for the tests that read them: unzipped into a folder, or their results.json
 * as recorded.
 */
public final class Samples {
  /** The quick sample. */
  public static final String QUICK = "docs/sample-report";

  /** The full sample. */
  public static final String FULL = "docs/sample-report-full";

  private Samples() {}

  /** Unzips the committed sample {@code folder}'s results.zip into {@code dir}; returns it. */
  public static Path unzip(String folder, Path dir) throws IOException {
    Path zip = LabPaths.root().resolve(folder + "/results.zip");
    Files.createDirectories(dir);
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        Path to = dir.resolve(e.getName()).normalize();
        assertThat(to.startsWith(dir)).as("%s stays in the folder", e.getName()).isTrue();
        if (e.isDirectory()) {
          Files.createDirectories(to);
          continue;
        }
        Files.createDirectories(to.getParent());
        Files.copy(z, to);
      }
    }
    return dir;
  }

  /** The results.json committed in {@code folder}'s results.zip, as recorded. */
  public static JsonNode committedResults(String folder) throws IOException {
    Path zip = LabPaths.root().resolve(folder + "/results.zip");
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        if (e.getName().equals("results.json")) {
          return ResultsFolder.JSON.readTree(z.readAllBytes());
        }
      }
    }
    throw new AssertionError("no results.json in " + zip);
  }
}
