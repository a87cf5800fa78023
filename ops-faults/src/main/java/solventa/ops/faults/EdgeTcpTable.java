package solventa.ops.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The kernel's view of the node's HTTP port, read from {@code /proc/net/tcp} (Linux, IPv4: the node
 * binds 127.0.0.1): how many connections to it are established, and how many of those wait in the
 * listen socket's accept queue (its {@code rx_queue}: connected by the kernel, not yet accepted by
 * the node); both tables, IPv4 and IPv6, as a JVM's sockets on 127.0.0.1 may sit in either.
 * Established minus waiting is what the node itself has accepted and holds open.
 */
final class EdgeTcpTable {
  static final Path TABLE = Path.of("/proc/net/tcp");

  /** The IPv6 table: a JVM's dual-stack sockets on 127.0.0.1 are listed here (::ffff:127.0.0.1). */
  static final Path TABLE6 = Path.of("/proc/net/tcp6");

  /**
   * @param established connections in state ESTABLISHED whose local port is the node's
   * @param acceptQueue connections waiting in the listen socket's accept queue
   * @param listening whether a listen socket on the port was found
   * @param synReceived handshakes the node's side has not completed (state SYN_RECV): the client's
   *     ACK dropped because the accept queue was full
   */
  record Counts(int established, int acceptQueue, boolean listening, int synReceived) {
    /** The connections the node has accepted (established, minus those still queued). */
    int accepted() {
      return Math.max(0, established - acceptQueue);
    }
  }

  private EdgeTcpTable() {}

  /** Whether this machine has the table (Linux). */
  static boolean available() {
    return Files.isReadable(TABLE);
  }

  /** The counts for {@code port} now. */
  static Counts read(int port) throws IOException {
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(TABLE));
    if (Files.isReadable(TABLE6)) {
      lines.addAll(Files.readAllLines(TABLE6));
    }
    return count(lines, port);
  }

  /** The counts for {@code port} in the lines of a {@code /proc/net/tcp} table (header skipped). */
  static Counts count(List<String> lines, int port) {
    int established = 0;
    int queued = 0;
    boolean listening = false;
    int synReceived = 0;
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 5 || !f[0].endsWith(":")) {
        continue;
      }
      int local = port(f[1]);
      if (local != port) {
        continue;
      }
      switch (f[3]) {
        case "01" -> established++;
        case "03" -> synReceived++;
        case "0A" -> {
          listening = true;
          queued += Integer.parseInt(f[4].substring(f[4].indexOf(':') + 1), 16);
        }
        default -> {
          // closing states: not counted
        }
      }
    }
    return new Counts(established, queued, listening, synReceived);
  }

  // "0100007F:1F90" -> 8080
  private static int port(String address) {
    int colon = address.indexOf(':');
    return colon < 0 ? -1 : Integer.parseInt(address.substring(colon + 1), 16);
  }
}
