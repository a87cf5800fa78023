package solventa.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's formatter check is real: a module that inherits the project's parent pom and holds
 * one unformatted Java file fails its {@code validate} phase, and the formatted file passes.
 *
 * <p>Regression: the probe named its parent by an absolute {@code relativePath}, which Maven
 * resolves against the probe's own directory; the parent then came from {@code ~/.m2} and the test
 * failed on a machine where the project had never been installed. The path is now relative.
 */
class FormatterCheckIT {

  @Test
  void unformattedCodeFailsTheBuildAndFormattedCodePasses(@TempDir Path dir) throws Exception {
    Path root = LabPaths.root();
    Files.writeString(
        dir.resolve("pom.xml"),
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <parent>
            <groupId>solventa.ha01</groupId>
            <artifactId>ha01-latency-lab</artifactId>
            <version>0.1.0-SNAPSHOT</version>
            <relativePath>%s</relativePath>
          </parent>
          <artifactId>format-probe</artifactId>
        </project>
        """
            .formatted(dir.relativize(root.resolve("pom.xml"))),
        StandardCharsets.UTF_8);
    Path src = Files.createDirectories(dir.resolve("src/main/java/probe"));
    Files.writeString(
        src.resolve("Probe.java"),
        "package probe;\npublic class Probe {   int   x=1; }\n",
        StandardCharsets.UTF_8);

    Result bad = validate(dir, root);
    assertThat(bad.exit()).as(bad.output()).isNotZero();
    assertThat(bad.output()).contains("format violations").contains("Probe.java");

    Files.writeString(
        src.resolve("Probe.java"),
        "package probe;\n\npublic class Probe {\n  int x = 1;\n}\n",
        StandardCharsets.UTF_8);
    Result good = validate(dir, root);
    assertThat(good.exit()).as(good.output()).isZero();
  }

  private record Result(int exit, String output) {}

  private static Result validate(Path project, Path root) throws IOException, InterruptedException {
    Path log = project.resolve("mvn.log");
    Process p =
        new ProcessBuilder(
                "mvn", "-B", "-o", "-q", "-f", project.resolve("pom.xml").toString(), "validate")
            .directory(root.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("mvn validate did not finish in 180 s");
    }
    return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }
}
