package solventa.ops;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;

/**
 * Puts the runner's warnings on the terminal while {@link Console} sends everything else to the
 * results folder: they are the ones that matter to the result (a breaker that does not close, warm
 * keys that could not be loaded, a measurement that could not be taken). Attached in {@code
 * logback.xml} to {@code solventa.ops}; silent when the console is not quiet (verbose, tests),
 * where the ordinary console appender already prints them.
 */
public final class WarningsAppender extends AppenderBase<ILoggingEvent> {
  @Override
  protected void append(ILoggingEvent event) {
    if (Console.isQuiet() && event.getLevel().isGreaterOrEqual(Level.WARN)) {
      Console.warning(event.getFormattedMessage());
    }
  }
}
