package solventa.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A real Redis 7 server (the static binary shipped in the {@code embedded-redis} Maven artifact) on
 * 127.0.0.1, configured as the card's :CacheOF: {@code maxmemory} with {@code allkeys-lru}, no
 * persistence to disk. {@link #stop()} and {@link #restart()} keep the port, so clients can
 * reconnect to the same address (used to test Redis outages). {@link #startAgain} starts a stopped
 * server on the same port and data directory, optionally with the append-only file on (as the
 * docker compose deployment runs it), so a restart can keep or lose what was written.
 */
public final class RedisServerProcess implements AutoCloseable {
  /** The binary inside the embedded-redis jar. */
  static final String RESOURCE = "redis-server-7.0.9-linux-amd64";

  private final int port;
  private final String maxMemory;
  private ManagedProcess process;

  private RedisServerProcess(int port, String maxMemory) {
    this.port = port;
    this.maxMemory = maxMemory;
  }

  /** On a free port, 64 MB, allkeys-lru. */
  public static RedisServerProcess start() {
    return start(FreePort.find(), "64mb");
  }

  public static RedisServerProcess start(int port, String maxMemory) {
    FreePort.requireFree(port, "redis");
    RedisServerProcess r = new RedisServerProcess(port, maxMemory);
    r.launch();
    return r;
  }

  private void launch() {
    launch(false);
  }

  private void launch(boolean appendOnly) {
    Path bin = binary();
    Path dir = LabPaths.serverDir("redis", port);
    List<String> cmd =
        List.of(
            bin.toString(),
            "--bind",
            FreePort.LOOPBACK,
            "--port",
            Integer.toString(port),
            "--maxmemory",
            maxMemory,
            "--maxmemory-policy",
            "allkeys-lru",
            "--save",
            "",
            "--appendonly",
            appendOnly ? "yes" : "no",
            "--appendfsync",
            "everysec",
            "--protected-mode",
            "yes",
            "--dir",
            dir.toString());
    process = ManagedProcess.start("redis", cmd, dir.resolve("redis.log"), Map.of());
    process.awaitReady(this::answersPing, Duration.ofSeconds(20));
  }

  /** Extracts the Redis binary once into {@code .lab/bin} (or uses {@code lab.redis.bin}). */
  static synchronized Path binary() {
    String configured = System.getProperty("lab.redis.bin");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    Path target = LabPaths.workDir("bin").resolve("redis-server-7.0.9");
    if (Files.isExecutable(target)) {
      return target;
    }
    try (InputStream in = RedisServerProcess.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new LabException(
            "the Redis binary "
                + RESOURCE
                + " is not on the classpath: add com.github.lansheng228:embedded-redis to the"
                + " module's dependencies (see STACK.md)");
      }
      Path tmp = Files.createTempFile(target.getParent(), "redis", ".part");
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      if (!tmp.toFile().setExecutable(true)) {
        throw new LabException("cannot make " + tmp + " executable");
      }
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return target;
    } catch (IOException e) {
      throw new LabException(
          "could not unpack the Redis binary into "
              + target.getParent()
              + ": check free disk space and permissions there",
          e);
    }
  }

  boolean answersPing() {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(FreePort.LOOPBACK, port), 200);
      s.setSoTimeout(500);
      OutputStream out = s.getOutputStream();
      out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      byte[] buf = new byte[7];
      int n = s.getInputStream().read(buf);
      return n > 0 && new String(buf, 0, n, StandardCharsets.US_ASCII).startsWith("+PONG");
    } catch (IOException e) {
      return false;
    }
  }

  public String host() {
    return FreePort.LOOPBACK;
  }

  public int port() {
    return port;
  }

  public String uri() {
    return "redis://" + FreePort.LOOPBACK + ":" + port;
  }

  public boolean isRunning() {
    return process != null && process.isAlive();
  }

  /** Stops the server (its data is lost: no persistence), keeping the port for a restart. */
  public synchronized void stop() {
    if (process != null) {
      process.close();
      process = null;
    }
  }

  /**
   * Starts the server again on the same port, empty: an append-only file a {@link #startAgain} left
   * in the data directory is deleted first, so it cannot come back.
   */
  public synchronized void restart() {
    stop();
    deleteAppendOnlyFiles();
    launch();
  }

  /**
   * Starts a {@linkplain #stop() stopped} server again on the same port and data directory, keeping
   * what is there: with {@code appendOnly} Redis loads the append-only file its last run wrote
   * (only a run with {@code appendonly yes}, set at start or by {@code CONFIG SET}, writes one) and
   * goes on appending ({@code appendfsync everysec}); without, it starts empty.
   */
  public synchronized void startAgain(boolean appendOnly) {
    if (process != null) {
      throw new IllegalStateException("redis on port " + port + " is running: stop it first");
    }
    launch(appendOnly);
  }

  private void deleteAppendOnlyFiles() {
    Path aof = LabPaths.serverDir("redis", port).resolve("appendonlydir");
    if (!Files.isDirectory(aof)) {
      return;
    }
    try (var files = Files.list(aof)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
      Files.delete(aof);
    } catch (IOException e) {
      throw new LabException("could not delete Redis's append-only files in " + aof, e);
    }
  }

  @Override
  public void close() {
    stop();
  }
}
