package solventa.ops.faults;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Many connections to the node held open by one thread (non-blocking, one selector): idle (they
 * send nothing) or slow (each sends the next byte of a request's head every {@code dripMs}, a
 * slowloris). The thread watches every connection: when its connect completes or fails, and when
 * the node closes it (end of stream, a reset, a refused write), each with its time since the open.
 * Bounded: the thread stops at {@link #close()} or at its own deadline, whichever comes first.
 */
final class EdgeSockets implements AutoCloseable {
  /** The head a slow connection drips: a request line, a Host header, then endless headers. */
  static byte[] slowHead(int port) {
    StringBuilder sb = new StringBuilder("POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1:" + port);
    sb.append("\r\nContent-Type: application/json\r\n");
    for (int i = 0; i < 400; i++) {
      sb.append("X-Slow-").append(i).append(": x\r\n");
    }
    return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /** One connection's state. */
  private static final class Conn {
    final SocketChannel channel;
    long connectedMs = -1;
    long closedMs = -1;
    String failure;
    int dripped;

    Conn(SocketChannel channel) {
      this.channel = channel;
    }
  }

  /**
   * What the connections saw so far.
   *
   * @param attempted connections opened
   * @param connected connects that completed (the kernel's handshake: accepted by the node, or
   *     waiting in its accept queue)
   * @param failed connects that failed, by the error's message
   * @param pending connects neither completed nor failed yet
   * @param closedByNode connected ones the node closed (end of stream, reset, refused write)
   * @param closedAfterMinMs the earliest such close, ms after the open (-1: none)
   * @param closedAfterMaxMs the latest, ms after the open (-1: none)
   * @param bytesSent bytes the slow connections sent in all
   */
  record Report(
      int attempted,
      int connected,
      Map<String, Integer> failed,
      int pending,
      int closedByNode,
      long closedAfterMinMs,
      long closedAfterMaxMs,
      long bytesSent) {
    int failedCount() {
      return failed.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  private final Selector selector;
  private final List<Conn> conns = new ArrayList<>();
  private final byte[] drip;
  private final long dripMs;
  private final long openMs = System.currentTimeMillis();
  private final long deadlineMs;
  private final Thread thread;
  private volatile boolean stop;
  private long bytesSent;

  /**
   * Connects opened at once, then a pause of {@value #PACE_MS} ms: a burst would overflow the
   * node's accept queue (its backlog) before the node had a chance to accept.
   */
  static final int PACE_BATCH = 50;

  static final long PACE_MS = 50;

  private EdgeSockets(int port, int n, byte[] drip, long dripMs, long maxSec) throws IOException {
    this.selector = Selector.open();
    this.drip = drip;
    this.dripMs = dripMs;
    this.deadlineMs = openMs + maxSec * 1000;
    InetSocketAddress to = new InetSocketAddress("127.0.0.1", port);
    for (int i = 0; i < n; i++) {
      if (i > 0 && i % PACE_BATCH == 0) {
        pause();
      }
      SocketChannel ch = SocketChannel.open();
      ch.configureBlocking(false);
      Conn c = new Conn(ch);
      conns.add(c);
      try {
        if (ch.connect(to)) {
          c.connectedMs = System.currentTimeMillis();
          ch.register(selector, SelectionKey.OP_READ, c);
        } else {
          ch.register(selector, SelectionKey.OP_CONNECT, c);
        }
      } catch (IOException e) {
        c.failure = String.valueOf(e.getMessage());
        ch.close();
      }
    }
    this.thread = new Thread(this::loop, "edge-sockets");
    thread.setDaemon(true);
    thread.start();
  }

  /** {@code n} idle connections, held at most {@code maxSec} s. */
  static EdgeSockets idle(int port, int n, long maxSec) throws IOException {
    return new EdgeSockets(port, n, null, 0, maxSec);
  }

  /** {@code n} slow connections dripping {@code head} a byte every {@code dripMs}. */
  static EdgeSockets slow(int port, int n, byte[] head, long dripMs, long maxSec)
      throws IOException {
    return new EdgeSockets(port, n, head, dripMs, maxSec);
  }

  private static void pause() throws IOException {
    try {
      Thread.sleep(PACE_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while opening connections", e);
    }
  }

  private void loop() {
    long nextDrip = System.currentTimeMillis() + dripMs;
    ByteBuffer sink = ByteBuffer.allocate(4096);
    try {
      while (!stop && System.currentTimeMillis() < deadlineMs) {
        selector.select(20);
        synchronized (this) {
          for (SelectionKey k : selector.selectedKeys()) {
            handle(k, sink);
          }
          selector.selectedKeys().clear();
          if (drip != null && System.currentTimeMillis() >= nextDrip) {
            dripAll();
            nextDrip += dripMs;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // the selector itself failed: the report keeps what was seen
    }
  }

  private void handle(SelectionKey k, ByteBuffer sink) {
    Conn c = (Conn) k.attachment();
    long now = System.currentTimeMillis();
    try {
      if (k.isValid() && k.isConnectable()) {
        c.channel.finishConnect();
        c.connectedMs = now;
        k.interestOps(SelectionKey.OP_READ);
      } else if (k.isValid() && k.isReadable()) {
        sink.clear();
        if (c.channel.read(sink) < 0) {
          closed(c, k, now);
        }
      }
    } catch (IOException e) {
      if (c.connectedMs < 0) {
        c.failure = String.valueOf(e.getMessage());
        k.cancel();
        quietClose(c.channel);
      } else {
        closed(c, k, now);
      }
    }
  }

  private void dripAll() {
    long now = System.currentTimeMillis();
    for (Conn c : conns) {
      if (c.connectedMs < 0 || c.closedMs >= 0 || c.dripped >= drip.length) {
        continue;
      }
      try {
        if (c.channel.write(ByteBuffer.wrap(drip, c.dripped, 1)) == 1) {
          c.dripped++;
          bytesSent++;
        }
      } catch (IOException e) {
        closed(c, c.channel.keyFor(selector), now);
      }
    }
  }

  private void closed(Conn c, SelectionKey k, long now) {
    c.closedMs = now;
    if (k != null) {
      k.cancel();
    }
    quietClose(c.channel);
  }

  /** What was seen until now. */
  synchronized Report report() {
    int connected = 0;
    int pending = 0;
    int closed = 0;
    long min = -1;
    long max = -1;
    Map<String, Integer> failed = new TreeMap<>();
    for (Conn c : conns) {
      if (c.failure != null) {
        failed.merge(c.failure, 1, Integer::sum);
      } else if (c.connectedMs < 0) {
        pending++;
      } else {
        connected++;
      }
      if (c.closedMs >= 0) {
        closed++;
        long after = c.closedMs - openMs;
        min = min < 0 ? after : Math.min(min, after);
        max = Math.max(max, after);
      }
    }
    return new Report(conns.size(), connected, failed, pending, closed, min, max, bytesSent);
  }

  /** Stops the thread and closes every connection (the client's side: FIN). */
  @Override
  public void close() {
    stop = true;
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      conns.forEach(c -> quietClose(c.channel));
      try {
        selector.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }

  private static void quietClose(SocketChannel ch) {
    try {
      ch.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
