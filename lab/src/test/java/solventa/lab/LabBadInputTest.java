package solventa.lab;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** Start-up failures end in one clear message naming what is missing and how to get it. */
class LabBadInputTest {

  @Test
  void aPortInUseIsNamedWithHowToFreeIt() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(FreePort.LOOPBACK))) {
      int port = taken.getLocalPort();
      assertThatThrownBy(() -> RedisServerProcess.start(port, "16mb"))
          .isInstanceOf(LabException.class)
          .hasMessageContaining("port " + port)
          .hasMessageContaining("already in use");
    }
  }

  @Test
  void aMissingToxiproxyBinaryNamesTheSetupScriptAndGo() {
    String old = System.getProperty("lab.toxiproxy.bin");
    System.setProperty("lab.toxiproxy.bin", "/nonexistent/toxiproxy-server");
    try {
      assertThatThrownBy(ToxiproxyServer::start)
          .isInstanceOf(LabException.class)
          .hasMessageContaining("/nonexistent/toxiproxy-server")
          .hasMessageContaining("bin/setup")
          .hasMessageContaining("golang");
    } finally {
      if (old == null) {
        System.clearProperty("lab.toxiproxy.bin");
      } else {
        System.setProperty("lab.toxiproxy.bin", old);
      }
    }
  }

  @Test
  void aMissingRedisBinaryNamesTheArtifact() {
    System.setProperty("lab.redis.bin", "/nonexistent/redis-server");
    try {
      assertThatThrownBy(RedisServerProcess::start)
          .isInstanceOf(LabException.class)
          .hasMessageContaining("redis");
    } finally {
      System.clearProperty("lab.redis.bin");
    }
  }
}
