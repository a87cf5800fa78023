package solventa.gatling;

import io.gatling.javaapi.core.Simulation;
import java.nio.file.Path;

/**
 * A simulation of one runner step: its parameters from the {@code ha01.*} system properties, every
 * request in a {@link RequestLog} written to {@code ha01.request-log} when it ends, and the
 * runner's start hook ({@link StepHooks}) fired when it starts injecting.
 */
public abstract class LoggedSimulation extends Simulation {
  protected final StepParameters params = StepParameters.fromSystemProperties();
  protected final RequestLog log = new RequestLog();

  @Override
  public void before() {
    StepHooks.fireStart(log);
  }

  @Override
  public void after() {
    if (!params.requestLog().isEmpty()) {
      log.writeTo(Path.of(params.requestLog()));
    }
  }
}
