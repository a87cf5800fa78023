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

  /** How long a stopped server's folder (its log, and data a killed server left) is kept. */
  public static final java.time.Duration KEEP_SERVER_DIRS = java.time.Duration.ofHours(24);

  /**
   * The work folder of a server of {@code kind} ("postgres", "redis", "toxiproxy") on {@code port},
   * created if missing. Folders that earlier servers of that kind left are deleted first when
   * nothing listens on their port any more and nothing in them changed for {@link
   * #KEEP_SERVER_DIRS}: the logs of a day's runs stay for reading, and the folder no longer grows
   * with every run.
   */
  public static Path serverDir(String kind, int port) {
    Path work = workDir();
    pruneServerDirs(
        work, kind, port, java.time.Instant.now().minus(KEEP_SERVER_DIRS), FreePort::isListening);
    return createDirs(work.resolve(kind + "-" + port));
  }

  /**
   * Deletes {@code work}'s folders named {@code kind-<port>} other than {@code keepPort}'s whose
   * port is not in use and whose newest file is older than {@code before}; the folders deleted. A
   * folder that cannot be deleted whole is left for the next start.
   */
  static java.util.List<Path> pruneServerDirs(
      Path work,
      String kind,
      int keepPort,
      java.time.Instant before,
      java.util.function.IntPredicate portInUse) {
    java.util.List<Path> deleted = new java.util.ArrayList<>();
    java.util.regex.Pattern name =
        java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(kind) + "-(\\d{1,5})");
    try (java.util.stream.Stream<Path> dirs = Files.list(work)) {
      for (Path dir : (Iterable<Path>) dirs::iterator) {
        java.util.regex.Matcher m = name.matcher(dir.getFileName().toString());
        if (!m.matches() || !Files.isDirectory(dir)) {
          continue;
        }
        int port = Integer.parseInt(m.group(1));
        if (port == keepPort || portInUse.test(port) || !untouchedSince(dir, before)) {
          continue;
        }
        if (deleteTree(dir)) {
          deleted.add(dir);
        }
      }
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      // pruning is housekeeping: a folder it cannot read is left as it is
    }
    return deleted;
  }

  /**
   * Deletes the regular files directly in {@code dir} (a logs folder that every run adds to) last
   * modified before {@code before}; the files deleted. Sub-folders and newer files stay; a file
   * that cannot be deleted is left for the next run.
   */
  public static java.util.List<Path> pruneFiles(Path dir, java.time.Instant before) {
    java.util.List<Path> deleted = new java.util.ArrayList<>();
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        try {
          if (Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
              && Files.getLastModifiedTime(f).toInstant().isBefore(before)) {
            Files.delete(f);
            deleted.add(f);
          }
        } catch (java.io.IOException e) {
          // housekeeping: left for the next run
        }
      }
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      // a folder it cannot read is left as it is
    }
    return deleted;
  }

  private static boolean untouchedSince(Path dir, java.time.Instant before) {
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      return files.allMatch(
          f -> {
            try {
              return Files.getLastModifiedTime(f).toInstant().isBefore(before);
            } catch (java.io.IOException e) {
              return false;
            }
          });
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  private static boolean deleteTree(Path dir) {
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      for (Path f : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(f);
      }
      return true;
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      return false;
    }
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
