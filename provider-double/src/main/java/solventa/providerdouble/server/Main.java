package solventa.providerdouble.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import org.apache.pekko.Done;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.InvalidSettingException;

/**
 * Runs the provider double in its own JVM (own heap and CPU, so it does not steal from the service
 * under test).
 *
 * <p>Settings: the {@code provider-double} namespace ({@code reference.conf}), overridden by
 * environment variables ({@code PROVIDER_DOUBLE_PORT}, …), by {@code -Dprovider-double.<key>=…}
 * and, last, by arguments of the form {@code <key>=<value>} (e.g. {@code port=8090 seed=7
 * profile=slow}). An invalid value exits with status 2 and a message naming the key and the value.
 */
public final class Main {
  static {
    // before the logger below initializes logback: this module's configuration has its own name
    if (System.getProperty("logback.configurationFile") == null) {
      System.setProperty("logback.configurationFile", "logback-provider-double.xml");
    }
  }

  private static final Logger log = LoggerFactory.getLogger(Main.class);

  private Main() {}

  public static void main(String[] args) {
    Config config;
    DoubleSettings settings;
    try {
      config = withArgs(ConfigFactory.load(), args);
      settings = DoubleSettings.fromConfig(config);
    } catch (InvalidSettingException | ConfigException e) {
      log.error("provider double refuses to start: {}", e.getMessage());
      System.err.println("provider double refuses to start: " + e.getMessage());
      System.exit(2);
      return;
    }
    ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "provider-double", config);
    ProviderDouble running;
    try {
      running = ProviderDouble.start(system, settings);
    } catch (IllegalStateException e) {
      log.error("provider double refuses to start: {}", e.getMessage(), e);
      system.terminate();
      System.exit(3);
      return;
    }
    CoordinatedShutdown.get(system)
        .addTask(
            CoordinatedShutdown.PhaseServiceUnbind(),
            "provider-double-unbind",
            () -> running.unbind().thenApply(x -> Done.done()));
    System.out.println("provider-double listening on " + running.baseUri());
  }

  /** Applies {@code key=value} arguments on top of {@code base}, under {@code provider-double}. */
  public static Config withArgs(Config base, String[] args) {
    Config overrides = ConfigFactory.empty();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        throw new InvalidSettingException(
            "argument", arg, "arguments must look like key=value, e.g. port=8090");
      }
      String key = "provider-double." + arg.substring(0, eq).trim();
      overrides =
          overrides.withValue(key, ConfigValueFactory.fromAnyRef(arg.substring(eq + 1).trim()));
    }
    return overrides.withFallback(base).resolve();
  }
}
