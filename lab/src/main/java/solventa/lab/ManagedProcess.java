package solventa.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One server process started by the lab: output to a log file, recorded in the {@link PidRegistry},
 * and killed with its descendants on {@link #close()} or when the JVM exits.
 */
public final class ManagedProcess implements AutoCloseable {
  private final String name;
  private final Path logFile;
  private final Process process;
  private final Thread shutdownHook;

  private ManagedProcess(String name, Path logFile, Process process) {
    this.name = name;
    this.logFile = logFile;
    this.process = process;
    this.shutdownHook = new Thread(this::kill, "lab-stop-" + name);
    try {
      Runtime.getRuntime().addShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // started while the JVM stops (e.g. a stop during start-up): no hook will kill it later
      kill();
      throw new LabException(name + " started while the JVM is stopping; stopped it again");
    }
  }

  /**
   * Starts {@code command} with its output appended to {@code logFile}.
   *
   * @param name what the process is, for messages ("redis", "toxiproxy", …)
   */
  public static ManagedProcess start(
      String name, List<String> command, Path logFile, java.util.Map<String, String> env) {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
    pb.environment().putAll(env);
    try {
      Process p = pb.start();
      PidRegistry.register(p.pid(), Path.of(command.get(0)).getFileName().toString());
      return new ManagedProcess(name, logFile, p);
    } catch (IOException e) {
      throw new LabException("cannot start " + name + " (" + command.get(0) + ")", e);
    }
  }

  /**
   * Waits, bounded by {@code timeout}, until {@code ready} holds; fails naming the log file when
   * the process dies or the time runs out.
   */
  public void awaitReady(BooleanSupplier ready, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new LabException(
            name + " exited with code " + process.exitValue() + " while starting; see " + logFile);
      }
      if (ready.getAsBoolean()) {
        return;
      }
      try {
        Thread.sleep(50); // lab start-up polling, never on a service path
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LabException("interrupted while waiting for " + name);
      }
    }
    close();
    throw new LabException(name + " did not become ready within " + timeout + "; see " + logFile);
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public Path logFile() {
    return logFile;
  }

  /**
   * How long a process has after SIGTERM before SIGKILL. A quote node's graceful stop drains its
   * quotes (quote.shutdown.drain-deadline, 3 s) and then flushes its values during the sharding
   * hand-off (quote.shutdown.flush-deadline, 3 s), inside Pekko's phase timeouts (5 s and 10 s): 15
   * s covers both deadlines with the hand-off's margin. Processes that stop at once (Redis,
   * PostgreSQL, Toxiproxy) never wait for it.
   */
  static final Duration STOP_GRACE = Duration.ofSeconds(15);

  private void kill() {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    PidRegistry.unregister(process.pid());
  }

  @Override
  public void close() {
    kill();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run: nothing to remove
    }
  }
}
