package solventa.ops.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.ResultsFolder;
import solventa.ops.results.StepRecording;

/**
 * One of the two results folders compared: its record ({@code results.json}) and, where the folder
 * kept them, its steps' raw recordings ({@link StepRecording}: every request the generator sent,
 * with its latency and answer).
 *
 * @param name "A" or "B"
 * @param dir the folder; null for a record held in memory (no recordings)
 * @param record what its results.json holds
 */
public record Side(String name, Path dir, ExperimentRecord record) {
  /** The environment's key of the seed the key sequences were drawn with. */
  static final String RUNNER_SEED = "runner seed (key sequences)";

  /** The environment's key of the provider double's seed. */
  static final String DOUBLE_SEED = "provider double seed (latencies, customers)";

  /** Folder {@code name} read from {@code dir}; refused, naming it, when it holds no results. */
  public static Side load(String name, Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("DIR_" + name + " " + dir + " is not a folder");
    }
    if (!Files.isRegularFile(dir.resolve("results.json"))) {
      throw new IllegalArgumentException("DIR_" + name + " " + dir + " holds no results.json");
    }
    return new Side(name, dir.toAbsolutePath().normalize(), ResultsFolder.load(dir));
  }

  /** The seed the run's key sequences were drawn with, as recorded. */
  String runnerSeed() {
    return environment(RUNNER_SEED, Long.toString(record.seed()));
  }

  /** The provider double's seed, as recorded. */
  String doubleSeed() {
    return environment(DOUBLE_SEED, "not recorded");
  }

  /** The commit the run was made at, as recorded. */
  String commit() {
    return environment("commit", "not recorded");
  }

  private String environment(String key, String otherwise) {
    return record.environment() == null
        ? otherwise
        : record.environment().getOrDefault(key, otherwise);
  }

  /** The raw recording of {@code s} in this folder, empty when it kept none. */
  Optional<StepAnalyzer.Inputs> recording(StepResult s) {
    if (dir == null) {
      return Optional.empty();
    }
    try {
      return StepRecording.load(dir.resolve("steps").resolve(s.spec().id()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the recording of " + s.spec().id(), e);
    }
  }

  /** How many of the folder's steps have a raw recording. */
  long recordings() {
    if (dir == null) {
      return 0;
    }
    return record.steps().stream()
        .filter(
            s -> {
              Path step = dir.resolve("steps").resolve(s.spec().id());
              return Files.isRegularFile(step.resolve(StepRecording.FILE))
                  && Files.isRegularFile(step.resolve(StepRecording.REQUESTS));
            })
        .count();
  }
}
