package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.signals.Origin;

class RequestLogTest {
  @TempDir Path dir;

  @Test
  void readsBackWhatItWrote() {
    RequestLog log = new RequestLog();
    log.record(1_000L, 45L, 200, "CACHED", "1200", "known", "c-1", "127.0.0.1:8081", "");
    log.record(1_010L, 700L, 0, "", "", "new", "c-2", "127.0.0.1:8082", "");
    Path file = dir.resolve("requests.csv");
    log.writeTo(file);

    assertThat(RequestLog.read(file))
        .containsExactlyInAnyOrder(
            RequestRecord.builder()
                .sendMs(1_000L)
                .latencyMs(45L)
                .status(200)
                .keyKind("known")
                .customerId("c-1")
                .node("127.0.0.1:8081")
                .origin(Origin.CACHED)
                .ageMs(1_200L)
                .build(),
            RequestRecord.builder()
                .sendMs(1_010L)
                .latencyMs(700L)
                .status(0)
                .keyKind("new")
                .customerId("c-2")
                .node("127.0.0.1:8082")
                .build());
  }

  @Test
  void keepsTheAnswersPremiumAndReadsALogWrittenBeforeIt() throws Exception {
    RequestLog log = new RequestLog();
    log.record(1_000L, 45L, 200, "DEFAULT", "0", "new", "c-1", "127.0.0.1:8081", "1350.00");
    log.record(1_010L, 700L, 504, "", "", "known", "c-2", "127.0.0.1:8082", "");
    Path file = dir.resolve("requests.csv");
    log.writeTo(file);
    assertThat(Files.readAllLines(file).get(1)).endsWith(",1350.00");
    assertThat(RequestLog.read(file))
        .containsExactlyInAnyOrder(
            RequestRecord.builder()
                .sendMs(1_000L)
                .latencyMs(45L)
                .status(200)
                .keyKind("new")
                .customerId("c-1")
                .node("127.0.0.1:8081")
                .origin(Origin.DEFAULT)
                .ageMs(0L)
                .premium(1350.0)
                .build(),
            RequestRecord.builder()
                .sendMs(1_010L)
                .latencyMs(700L)
                .status(504)
                .keyKind("known")
                .customerId("c-2")
                .node("127.0.0.1:8082")
                .build());

    Path before = dir.resolve("before.csv"); // the committed samples' logs: no premium column
    Files.writeString(
        before, RequestLog.HEADER_BEFORE_PREMIUM + "\n1,2,200,CACHED,3,known,c,127.0.0.1:1\n");
    assertThat(RequestLog.read(before))
        .containsExactly(
            RequestRecord.builder()
                .sendMs(1)
                .latencyMs(2)
                .status(200)
                .keyKind("known")
                .customerId("c")
                .node("127.0.0.1:1")
                .origin(Origin.CACHED)
                .ageMs(3)
                .build());
    assertThat(RequestLog.read(before).get(0).premium()).isNull();
  }

  @Test
  void refusesAFileWithAnotherHeaderNamingBoth() throws Exception {
    Path file = dir.resolve("old.csv"); // written before the node column
    Files.writeString(
        file,
        "sendEpochMs,latencyMs,status,origin,ageMs,keyKind,customerId\n1,2,200,CACHED,3,known,c\n");

    assertThatThrownBy(() -> RequestLog.read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("customerId\"")
        .hasMessageContaining(RequestLog.HEADER);
  }
}
