package solventa.quote.stats;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: the trace went through an appender that dropped events under load without counting
 * them. The trace appender counts every drop, exactly: written + dropped = logged.
 */
class TraceAppenderTest {

  /** A writer slower than the producer, so that a small queue overflows. */
  static final class SlowWriter extends AppenderBase<ILoggingEvent> {
    final AtomicInteger written = new AtomicInteger();

    @Override
    protected void append(ILoggingEvent e) {
      try {
        Thread.sleep(5); // test-only writer: stands in for a slow disk
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
      }
      written.incrementAndGet();
    }
  }

  @Test
  void everyEventIsWrittenOrCountedAsDropped() {
    LoggerContext ctx = new LoggerContext();
    ctx.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
    ctx.start();
    SlowWriter writer = new SlowWriter();
    writer.setContext(ctx);
    writer.start();
    TraceAppender trace = new TraceAppender();
    trace.setContext(ctx);
    trace.setQueueSize(4);
    trace.setMaxFlushTime(5_000);
    trace.addAppender(writer);
    trace.start();
    assertThat(trace.isStarted())
        .as(ctx.getStatusManager().getCopyOfStatusList().toString())
        .isTrue();
    Logger logger = ctx.getLogger(ActuarialTrace.LOGGER);
    logger.setAdditive(false);
    logger.addAppender(trace);

    long droppedBefore = TraceAppender.dropped();
    int logged = 300;
    for (int i = 0; i < logged; i++) {
      logger.info("fallback quote {}", i);
    }
    trace.stop(); // drains what the queue accepted
    long dropped = TraceAppender.dropped() - droppedBefore;
    assertThat(dropped)
        .as("a queue of 4 in front of a 5 ms writer overflows; written " + writer.written.get())
        .isPositive();
    assertThat(writer.written.get() + dropped).isEqualTo(logged);
    ctx.stop();
  }
}
