package solventa.ops.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import solventa.lab.LabException;
import solventa.lab.LabPaths;
import solventa.lab.LabToken;
import solventa.lab.ManagedProcess;

/**
 * Starts one of the project's modules as its own JVM, with a fixed heap and processor count, its
 * classpath from the build ({@code <module>/target/classes} plus {@code runtime.classpath}) and its
 * output in a log file. The process is recorded and killed with the runner (see lab's
 * ManagedProcess).
 */
public final class JvmLauncher {
  private JvmLauncher() {}

  /**
   * Starts {@code mainClass} of {@code module} with {@code secrets} handed to the process in its
   * environment: a secret never goes on the command line, which {@code ps} shows to every user of
   * the machine.
   *
   * @throws IllegalArgumentException if a system property's key names a secret
   */
  static ManagedProcess start(
      String name,
      String module,
      String mainClass,
      String heap,
      int processors,
      List<String> systemProperties,
      List<String> args,
      Path logFile,
      Map<String, String> secrets) {
    refuseSecrets(systemProperties);
    String cp = classpath(module);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xms" + heap);
    cmd.add("-Xmx" + heap);
    cmd.add("-XX:ActiveProcessorCount=" + processors);
    cmd.add("-Dlab.root=" + LabPaths.root());
    cmd.addAll(systemProperties);
    cmd.add("-cp");
    cmd.add(cp);
    cmd.add(mainClass);
    cmd.addAll(args);
    // the one place that hands the lab's admin token and trace key to the servers it starts
    Map<String, String> environment = new HashMap<>(secrets);
    environment.put(LabToken.ENV, LabToken.value());
    environment.put(LabToken.TRACE_KEY_ENV, LabToken.traceKey());
    return ManagedProcess.start(name, cmd, logFile, Map.copyOf(environment));
  }

  /** Keys of settings that hold a secret: they travel in the environment, never as {@code -D}. */
  static final Pattern SECRET_KEY =
      Pattern.compile("(?i).*(password|token|salt|secret|trace-key|credential).*");

  /** Refuses a {@code -Dkey=value} whose key names a secret, naming the key (never the value). */
  static void refuseSecrets(List<String> systemProperties) {
    for (String p : systemProperties) {
      if (p.startsWith("-D")) {
        int eq = p.indexOf('=');
        String key = eq < 0 ? p.substring(2) : p.substring(2, eq);
        if (SECRET_KEY.matcher(key).matches()) {
          throw new IllegalArgumentException(
              key + " holds a secret: pass it in the process's environment, not as -D");
        }
      }
    }
  }

  /** {@code <module>/target/classes} and the module's {@code runtime.classpath}, joined. */
  static String classpath(String module) {
    Path root = LabPaths.root();
    Path classes = root.resolve(module).resolve("target/classes");
    Path cpFile = root.resolve(module).resolve("target/runtime.classpath");
    if (!Files.isDirectory(classes) || !Files.isRegularFile(cpFile)) {
      throw new LabException(
          "the "
              + module
              + " module is not built ("
              + cpFile
              + " is missing): run `mvn -q install -DskipTests` first (bin/lab experiment does)");
    }
    String cp;
    try {
      cp =
          classes
              + java.io.File.pathSeparator
              + Files.readString(cpFile, StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      throw new LabException("cannot read " + cpFile, e);
    }
    return cp;
  }
}
