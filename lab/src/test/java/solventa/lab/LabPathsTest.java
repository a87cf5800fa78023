package solventa.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's work folder stops growing with every run: a stopped server's folder goes once nothing
 * in it changed for a day, and nothing else does.
 */
class LabPathsTest {
  private static final Instant NOW = Instant.parse("2026-12-02T00:00:00Z");
  private static final Instant CUTOFF = NOW.minus(LabPaths.KEEP_SERVER_DIRS);

  @TempDir Path work;

  @Test
  void onlyOldFoldersOfStoppedServersOfTheKindAreDeleted() throws IOException {
    Path old = server("redis-1001", NOW.minus(Duration.ofDays(3)));
    Path recent = server("redis-1002", NOW.minus(Duration.ofHours(2)));
    Path listening = server("redis-1003", NOW.minus(Duration.ofDays(3)));
    Path starting = server("redis-1004", NOW.minus(Duration.ofDays(3)));
    Path otherKind = server("postgres-1005", NOW.minus(Duration.ofDays(3)));
    Path notAServer = server("redis-data", NOW.minus(Duration.ofDays(3)));
    Path oldWithARecentFile = server("redis-1006", NOW.minus(Duration.ofDays(3)));
    Path fresh = oldWithARecentFile.resolve("data/fresh.rdb");
    Files.createDirectories(fresh.getParent());
    Files.writeString(fresh, "x");
    touchAll(oldWithARecentFile, NOW.minus(Duration.ofDays(3)));
    Files.setLastModifiedTime(fresh, FileTime.from(NOW.minus(Duration.ofMinutes(5))));

    var deleted = LabPaths.pruneServerDirs(work, "redis", 1004, CUTOFF, Set.of(1003)::contains);

    assertThat(deleted).containsExactly(old);
    assertThat(old).doesNotExist();
    assertThat(recent).exists();
    assertThat(listening).exists();
    assertThat(starting).exists();
    assertThat(otherKind).exists();
    assertThat(notAServer).exists();
    assertThat(oldWithARecentFile).exists();
  }

  @Test
  void aFolderWithNestedDataGoesWhole() throws IOException {
    Path old = server("postgres-2001", NOW.minus(Duration.ofDays(2)));
    Path nested = old.resolve("data/base/1/12345");
    Files.createDirectories(nested.getParent());
    Files.writeString(nested, "page");
    touchAll(old, NOW.minus(Duration.ofDays(2)));

    assertThat(LabPaths.pruneServerDirs(work, "postgres", 2002, CUTOFF, p -> false))
        .containsExactly(old);
    assertThat(old).doesNotExist();
  }

  @Test
  void onlyLogFilesOlderThanTheCutoffGoFromALogsFolder() throws IOException {
    Path logs = Files.createDirectories(work.resolve("logs"));
    Path old = logs.resolve("quote-node-C-count-1.log");
    Path recent = logs.resolve("quote-node-C-count-2.log");
    Path sub = Files.createDirectories(logs.resolve("keep"));
    Files.writeString(old, "old\n");
    Files.writeString(recent, "recent\n");
    Files.setLastModifiedTime(old, FileTime.from(NOW.minus(Duration.ofDays(2))));
    Files.setLastModifiedTime(recent, FileTime.from(NOW.minus(Duration.ofHours(1))));
    Files.setLastModifiedTime(sub, FileTime.from(NOW.minus(Duration.ofDays(2))));

    assertThat(LabPaths.pruneFiles(logs, CUTOFF)).containsExactly(old);
    assertThat(old).doesNotExist();
    assertThat(recent).exists();
    assertThat(sub).exists();
    assertThat(LabPaths.pruneFiles(work.resolve("absent"), CUTOFF)).isEmpty();
  }

  /** A server folder with a log, every entry last modified at {@code at}. */
  private Path server(String name, Instant at) throws IOException {
    Path dir = Files.createDirectories(work.resolve(name));
    Files.writeString(dir.resolve("server.log"), "a line\n");
    touchAll(dir, at);
    return dir;
  }

  private static void touchAll(Path dir, Instant at) throws IOException {
    try (var files = Files.walk(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.setLastModifiedTime(f, FileTime.from(at));
      }
    }
  }
}
