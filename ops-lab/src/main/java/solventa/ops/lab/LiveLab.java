package solventa.ops.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.lab.LabException;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.providerdouble.control.ProviderStateControl;
import solventa.vocabulary.ProviderState;

/**
 * The live lab: {@code bin/lab up|state|status|down}. {@code up} starts a detached supervisor JVM
 * ({@code supervise}) that runs the embedded lab (Redis, PostgreSQL, Toxiproxy, the double) and an
 * N-node quote cluster on loopback, and records every endpoint and pid in {@code
 * .lab/up/state.json}; the other commands read that file. The supervisor lives until {@code down}
 * (SIGTERM: its shutdown hooks stop every process it started) or, as a bound, {@code --max-hours}.
 * {@code down} then checks that every process the supervisor recorded in {@code .lab/pids} is gone
 * and kills any that is not.
 */
public final class LiveLab {
  /** The Toxiproxy proxy between the nodes' adapters and the double (see EmbeddedLab). */
  static final String PROXY = "provider";

  /**
   * The live lab's default refresh-after: a minute, so a value ages out while someone watches
   * (full's steps use 600 s, sized for the share through an hour's outage); {@code --refresh-after}
   * sets another T.
   */
  static final int LIVE_REFRESH_AFTER_SEC = 60;

  /**
   * The nodes' breaker policies: those of the card's protocol (the full profile), with the live
   * lab's own T ({@link #LIVE_REFRESH_AFTER_SEC}).
   */
  static final ExperimentProfile CARD_SETTINGS =
      ExperimentProfile.named("full").withRefreshAfterSec(LIVE_REFRESH_AFTER_SEC);

  /** The route type the nodes shard (ProfileEntity.ENTITY_KEY in quote-node). */
  static final String ENTITY_TYPE = "CustomerProfile";

  static final Duration START_TIMEOUT = Duration.ofMinutes(8);
  static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
  static final Duration NODE_START_TIMEOUT = Duration.ofMinutes(5);

  private LiveLab() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out));
  }

  /**
   * Runs one command line ({@link LiveLabCommands} parses it); output to {@code out}, the exit code
   * as the result: 2 for a command line refused (with the command's usage), 1 for a lab error.
   */
  static int run(String[] args, PrintStream out) {
    Options o;
    try {
      o = Options.parse(args);
    } catch (picocli.CommandLine.ParameterException e) {
      out.println("error: " + e.getMessage());
      e.getCommandLine().usage(out);
      return 2;
    } catch (IllegalArgumentException e) {
      out.println("error: " + e.getMessage());
      out.println(
          "bin/lab " + (args.length == 0 ? "" : args[0] + " ") + "--help lists the options");
      return 2;
    }
    return execute(o, out);
  }

  /** Runs one parsed command; the exit code as the result (1 for a lab error). */
  static int execute(Options o, PrintStream out) {
    try {
      return switch (o.command) {
        case "up" -> LiveLabSupervisor.up(o, out);
        case "supervise" -> LiveLabSupervisor.supervise(o);
        case "state" -> state(o, out);
        case "status" ->
            o.watch
                ? LiveLabStatus.watch(o, out)
                : o.json ? LiveLabStatus.json(o, out) : LiveLabStatus.status(o, out);
        case "down" -> LiveLabSupervisor.down(o, out);
        default -> throw new IllegalArgumentException("unknown command " + o.command);
      };
    } catch (IllegalArgumentException e) {
      out.println("error: " + e.getMessage());
      return 2;
    } catch (LabException | IOException e) {
      out.println("lab error: " + e.getMessage());
      return 1;
    }
  }

  /** The command line: one command, its argument and the options, validated. */
  record Options(
      String command,
      String argument,
      int nodes,
      BenchArm arm,
      String policy,
      int refreshAfterSec,
      int warmupQuotes,
      Path dir,
      int maxHours,
      long seed,
      boolean watch,
      int everySec,
      int forSec,
      boolean json) {
    /**
     * The options of a live-lab command line, parsed by picocli ({@link LiveLabCommands}) and
     * checked: an out-of-range value is refused naming the option and the value.
     */
    static Options parse(String[] args) {
      return LiveLabCommands.parse(args);
    }

    Path stateFile() {
      return dir.resolve("state.json");
    }

    List<String> superviseArgs() {
      return List.of(
          "supervise",
          "--nodes",
          Integer.toString(nodes),
          "--arm",
          arm.label(),
          "--policy",
          policy,
          "--refresh-after",
          Integer.toString(refreshAfterSec),
          "--warmup-quotes",
          Integer.toString(warmupQuotes),
          "--dir",
          dir.toString(),
          "--max-hours",
          Integer.toString(maxHours),
          "--seed",
          Long.toString(seed));
    }
  }

  // ---- state ---------------------------------------------------------------------------------

  static int state(Options o, PrintStream out) throws IOException {
    ProviderState target;
    try {
      target = ProviderState.valueOf(o.argument.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown provider state " + o.argument + "; one of " + stateNames());
    }
    JsonNode s = runningState(o);
    LiveLabStatus.Provider provider = LiveLabStatus.Provider.of(s);
    provider.control().apply(target);
    out.println("provider state: " + provider.describe());
    if (target == ProviderState.RECOVERY) {
      out.println(
          "  (recovery: toxics removed; the double answers at the degraded profile for "
              + ProviderStateControl.DEFAULT_RECOVERY_WINDOW.toSeconds()
              + " s, then answers healthy)");
    }
    return 0;
  }

  /**
   * The state ({@code state.json}) of the running lab whose files are in {@code dir} (null: the
   * default, {@code .lab/up}), or a LabException saying how to get one up: for commands outside
   * this class that act on the live lab ({@code bin/lab load}).
   */
  public static JsonNode running(Path dir) throws IOException {
    return runningState(
        Options.parse(
            dir == null
                ? new String[] {"status"}
                : new String[] {"status", "--dir", dir.toString()}));
  }

  // ---- the state file ------------------------------------------------------------------------

  /** The state of a lab whose supervisor runs, or a LabException telling how to get one. */
  static JsonNode runningState(Options o) throws IOException {
    Optional<JsonNode> s = readState(o);
    if (s.isEmpty()) {
      throw new LabException("the lab is not up: start it with `bin/lab up`");
    }
    if (!supervisorAlive(s.get())) {
      throw new LabException(
          "the lab's supervisor (pid "
              + s.get().path("supervisorPid").asLong()
              + ") is gone: `bin/lab down` cleans up, then `bin/lab up`");
    }
    if (!s.get().path("phase").asText().equals("up")) {
      throw new LabException("the lab is still starting (" + s.get().path("detail").asText() + ")");
    }
    return s.get();
  }

  static Optional<JsonNode> readState(Options o) throws IOException {
    Path f = o.stateFile();
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    return Optional.of(Http.JSON.readTree(Files.readString(f, StandardCharsets.UTF_8)));
  }

  static void writeState(Options o, ObjectNode state) {
    try {
      Path tmp = o.dir.resolve("state.json.tmp");
      Files.writeString(tmp, state.toPrettyString(), StandardCharsets.UTF_8);
      try {
        // it holds the lab's admin token: the owner only
        Files.setPosixFilePermissions(
            tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException notPosix) {
        // not a POSIX file system: the .lab folder's permissions apply
      }
      Files.move(
          tmp, o.stateFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new LabException("cannot write " + o.stateFile(), e);
    }
  }

  static boolean supervisorAlive(JsonNode s) {
    return ProcessHandle.of(s.path("supervisorPid").asLong())
        .map(h -> h.isAlive() && LiveLabSupervisor.isSupervisor(h))
        .orElse(false);
  }

  static String stateNames() {
    List<String> names = new ArrayList<>();
    for (ProviderState p : ProviderState.values()) {
      names.add(StateNames.label(p));
    }
    return String.join("|", names);
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms); // supervisor / CLI polling, never on a service path
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LabException("interrupted");
    }
  }
}
