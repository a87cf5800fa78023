package solventa.lab;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback ports: a free one, or a check that a chosen one is free. */
public final class FreePort {
  /** Every lab server binds this address and nothing else. */
  public static final String LOOPBACK = "127.0.0.1";

  private FreePort() {}

  /** A port that was free on 127.0.0.1 a moment ago. */
  public static int find() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    } catch (IOException e) {
      throw new LabException("no free port on " + LOOPBACK, e);
    }
  }

  /** Fails with a clear message when {@code port} is taken on 127.0.0.1. */
  public static void requireFree(int port, String who) {
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName(LOOPBACK))) {
      s.setReuseAddress(true);
    } catch (IOException e) {
      throw new LabException(
          "port "
              + port
              + " on "
              + LOOPBACK
              + " is already in use, so "
              + who
              + " cannot start there: stop whatever holds it (e.g. `ss -ltnp 'sport = :"
              + port
              + "'`) or let the lab choose a free port");
    }
  }

  /** True when something accepts TCP connections on 127.0.0.1:{@code port}. */
  public static boolean isListening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(LOOPBACK, port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
