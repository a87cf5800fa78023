package solventa.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records every server process the lab starts, so that none outlives its run. Each record is a file
 * {@code .lab/pids/<owner-pid>-<child-pid>} holding the child's executable name. At the first start
 * in a JVM, records whose owner JVM is gone (a killed run) are reaped: the child is killed if it is
 * still alive and still runs the recorded executable (so a recycled pid is never hit).
 */
public final class PidRegistry {
  private static final Logger log = LoggerFactory.getLogger(PidRegistry.class);
  private static volatile boolean reaped;

  private PidRegistry() {}

  static void register(long childPid, String executable) {
    reapOrphansOnce();
    Path f = dir().resolve(ProcessHandle.current().pid() + "-" + childPid);
    try {
      Files.writeString(f, executable, StandardCharsets.UTF_8);
    } catch (IOException e) {
      log.warn("could not record pid {} in {}: {}", childPid, f, e.toString());
    }
  }

  static void unregister(long childPid) {
    try {
      Files.deleteIfExists(dir().resolve(ProcessHandle.current().pid() + "-" + childPid));
    } catch (IOException e) {
      log.warn("could not remove pid record {}: {}", childPid, e.toString());
    }
  }

  /** Kills leftovers of runs whose JVM died without cleaning up; returns how many it killed. */
  public static synchronized int reapOrphansOnce() {
    if (reaped) {
      return 0;
    }
    reaped = true;
    int killed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir())) {
      for (Path f : files) {
        String[] parts = f.getFileName().toString().split("-");
        if (parts.length != 2) {
          continue;
        }
        long owner = Long.parseLong(parts[0]);
        long child = Long.parseLong(parts[1]);
        if (ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        String executable = Files.readString(f, StandardCharsets.UTF_8).trim();
        Optional<ProcessHandle> h = ProcessHandle.of(child);
        if (h.isPresent()
            && h.get().isAlive()
            && h.get().info().command().map(c -> c.contains(executable)).orElse(false)) {
          log.warn(
              "killing leftover {} (pid {}) of a run that died (pid {})", executable, child, owner);
          h.get().descendants().forEach(ProcessHandle::destroyForcibly);
          h.get().destroyForcibly();
          killed++;
        }
        Files.deleteIfExists(f);
      }
    } catch (IOException | NumberFormatException e) {
      log.warn("could not reap leftover lab processes: {}", e.toString());
    }
    return killed;
  }

  /** The child pids recorded by the JVM {@code ownerPid} (still running or not). */
  public static java.util.List<Long> recordedChildren(long ownerPid) {
    java.util.List<Long> out = new java.util.ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir(), ownerPid + "-*")) {
      for (Path f : files) {
        out.add(Long.parseLong(f.getFileName().toString().substring((ownerPid + "-").length())));
      }
    } catch (IOException | NumberFormatException e) {
      log.warn("could not read the pid records of {}: {}", ownerPid, e.toString());
    }
    return out;
  }

  private static Path dir() {
    return LabPaths.workDir("pids");
  }
}
