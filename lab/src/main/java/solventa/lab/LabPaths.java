package solventa.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where the lab keeps its files: the checkout's root (system property {@code lab.root}, else the
 * nearest folder above the working directory holding {@code bin/setup}), its {@code .tools/}
 * (installed by {@code bin/setup}, ignored by git) and its {@code .lab/} work folder (logs, data,
 * pid files; ignored by git).
 */
public final class LabPaths {
  private LabPaths() {}

  public static Path root() {
    String configured = System.getProperty("lab.root");
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured).toAbsolutePath().normalize();
    }
    Path here = Paths.get("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("bin/setup"))) {
        return p;
      }
    }
    return here;
  }

  public static Path workDir() {
    return createDirs(root().resolve(".lab"));
  }

  /** A sub-folder of the work folder, created if missing. */
  public static Path workDir(String name) {
    return createDirs(workDir().resolve(name));
  }

  /** The Toxiproxy server binary: {@code lab.toxiproxy.bin}, else {@code .tools/bin}. */
  public static Path toxiproxyBinary() {
    String configured = System.getProperty("lab.toxiproxy.bin");
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured);
    }
    return root().resolve(".tools/bin/toxiproxy-server");
  }

  static Path createDirs(Path p) {
    try {
      return Files.createDirectories(p);
    } catch (java.io.IOException e) {
      throw new LabException("cannot create the lab folder " + p + ": check its permissions", e);
    }
  }
}
