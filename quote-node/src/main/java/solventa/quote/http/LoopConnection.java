package solventa.quote.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.http.javadsl.OutgoingConnection;
import org.apache.pekko.stream.Attributes;
import org.apache.pekko.stream.FlowShape;
import org.apache.pekko.stream.Inlet;
import org.apache.pekko.stream.Outlet;
import org.apache.pekko.stream.StreamTcpException;
import org.apache.pekko.stream.scaladsl.TcpIdleTimeoutException;
import org.apache.pekko.stream.stage.AbstractInHandler;
import org.apache.pekko.stream.stage.AbstractOutHandler;
import org.apache.pekko.stream.stage.AsyncCallback;
import org.apache.pekko.stream.stage.GraphStage;
import org.apache.pekko.stream.stage.GraphStageLogic;
import org.apache.pekko.stream.stage.TimerGraphStageLogic;
import org.apache.pekko.util.ByteString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.quote.NodeLoop;

/**
 * One TCP connection on the node loop, as a byte flow: its inlet takes the bytes to write, its
 * outlet gives the bytes read. Either accepted by the {@link LoopHttpServer}, whose connections
 * Pekko HTTP's server layer joins (decision 0034), or opened by the {@link LoopClientTransport},
 * whose connections the adapter's pool joins (decision 0035).
 *
 * <p>Reading runs on the loop's worker 0 when the socket is readable ({@link #ready}): it reads
 * what the socket holds into a queue and signals the stage. Reading goes on without waiting for the
 * stage's demand, up to {@link #READ_AHEAD} bytes queued; only then is the socket's read interest
 * dropped, and taken up again when the stage has drained the queue to half of it. A request and its
 * answer therefore change no interest at all. Writing runs in the stage: a write the socket takes
 * whole needs nothing else; a partial one waits for the socket to be writable.
 *
 * <p>When the HTTP layer has written its last answer (it closes the connection, for instance after
 * a 413 for a body it did not read), the output is shut down (FIN) and the stage keeps reading and
 * dropping what the client still sends, until the client closes or {@link #LINGER} passes. Closing
 * a socket that still has unread bytes would make the kernel reset the connection, and a client
 * still sending could then lose the answer.
 *
 * <p>An outgoing connection connects without blocking (worker 0 finishes the connect when the
 * socket says so) and fails its stage, and its materialized connection, if that takes longer than
 * the connecting timeout. Until connected it takes nothing to write. With an idle timeout, it fails
 * with {@link TcpIdleTimeoutException} once no byte moved either way for that long, as Pekko's own
 * TCP does: that is what closes a connection whose server never answers and gives its pool slot
 * back. The idle check is one loop timer per timeout period, not a poll.
 *
 * <p>The channel is closed when the stage stops, whatever the cause (both sides done, failure, the
 * linger over, the system shutting down).
 */
final class LoopConnection extends GraphStage<FlowShape<ByteString, ByteString>>
    implements NodeLoop.Ready {
  private static final Logger log = LoggerFactory.getLogger(LoopConnection.class);

  /** Bytes read and not yet taken by the stage at which reading pauses. */
  static final int READ_AHEAD = 256 * 1024;

  /** Largest single read: one request and its body fit many times over. */
  static final int READ_CHUNK = 64 * 1024;

  /**
   * How long a connection whose answer is written keeps reading, and dropping, what the client
   * still sends before it closes: long enough for a client to finish sending and read the answer.
   */
  static final java.time.Duration LINGER = java.time.Duration.ofSeconds(1);

  private final NodeLoop loop;
  private volatile SocketChannel channel; // an outgoing one from preStart on
  private final Runnable closed;

  /** Outgoing only: where to connect, and the connection once it is made. */
  private final InetSocketAddress remote;

  private final CompletableFuture<OutgoingConnection> connection;
  private final long connectingTimeoutNanos;

  /** No byte moved either way for this long: the stage fails; 0 for none. */
  private final long idleTimeoutNanos;

  private volatile long lastActivityNanos = System.nanoTime();
  private volatile IOException connectFailure;
  private volatile SelectionKey key;

  /** Worker 0's read buffer, reused across reads (only worker 0 reads). */
  private final ByteBuffer readBuffer;

  private final ConcurrentLinkedQueue<ByteString> inbound = new ConcurrentLinkedQueue<>();
  private final AtomicInteger buffered = new AtomicInteger();
  private final AtomicBoolean signalled = new AtomicBoolean();
  private final AtomicBoolean closeOnce = new AtomicBoolean();
  private volatile boolean readPaused;
  private volatile boolean endOfInput;
  private volatile IOException readFailure;
  private volatile AsyncCallback<Signal> signal;

  /** What worker 0 or a loop timer tells the stage. */
  private enum Signal {
    READ,
    WRITABLE,
    CONNECTED,
    CONNECT_TIMEOUT,
    IDLE_CHECK
  }

  private final Inlet<ByteString> in = Inlet.create("LoopConnection.in");
  private final Outlet<ByteString> out = Outlet.create("LoopConnection.out");
  private final FlowShape<ByteString, ByteString> shape = FlowShape.of(in, out);

  /**
   * @param readBuffer worker 0's shared read buffer
   * @param closed runs once when the channel is closed
   */
  LoopConnection(NodeLoop loop, SocketChannel channel, ByteBuffer readBuffer, Runnable closed) {
    this.loop = loop;
    this.channel = channel;
    this.readBuffer = readBuffer;
    this.closed = closed;
    this.remote = null;
    this.connection = null;
    this.connectingTimeoutNanos = 0;
    this.idleTimeoutNanos = 0;
  }

  /**
   * An outgoing connection to {@code remote}, made when the stage starts.
   *
   * @param readBuffer worker 0's read buffer for outgoing connections
   * @param idleTimeout no byte either way for this long fails the stage; null for none
   */
  LoopConnection(
      NodeLoop loop,
      InetSocketAddress remote,
      ByteBuffer readBuffer,
      java.time.Duration connectingTimeout,
      java.time.Duration idleTimeout) {
    this.loop = loop;
    this.channel = null;
    this.readBuffer = readBuffer;
    this.closed = () -> {};
    this.remote = remote;
    this.connection = new CompletableFuture<>();
    this.connectingTimeoutNanos = Math.max(1, connectingTimeout.toNanos());
    this.idleTimeoutNanos = idleTimeout == null ? 0 : Math.max(1, idleTimeout.toNanos());
  }

  /** Outgoing only: completes with the connection once made, or fails as the stage does. */
  CompletionStage<OutgoingConnection> connection() {
    return connection;
  }

  /** Registers the channel for reading; on worker 0 (the accepting thread). */
  void register() throws IOException {
    key = loop.register(channel, SelectionKey.OP_READ, this);
  }

  @Override
  public FlowShape<ByteString, ByteString> shape() {
    return shape;
  }

  /** Readiness, on worker 0: reads what the socket holds, or resumes a partial write. */
  @Override
  public void ready(SelectionKey k) {
    try {
      int ops = k.readyOps();
      if ((ops & SelectionKey.OP_CONNECT) != 0) {
        finishConnect(k);
        return;
      }
      if ((ops & SelectionKey.OP_WRITE) != 0) {
        k.interestOpsAnd(~SelectionKey.OP_WRITE);
        notifyStage(true);
      }
      if ((ops & SelectionKey.OP_READ) != 0) {
        read(k);
      }
    } catch (java.nio.channels.CancelledKeyException e) {
      // the stage closed the channel meanwhile: nothing left to read or write
    }
  }

  // worker 0: the socket says the connect is over, one way or the other
  private void finishConnect(SelectionKey k) {
    try {
      if (!channel.finishConnect()) {
        return;
      }
      k.interestOps(SelectionKey.OP_READ);
    } catch (IOException e) {
      connectFailure = e; // the channel is closed by now, and its key cancelled
    }
    AsyncCallback<Signal> s = signal;
    if (s != null) {
      s.invoke(Signal.CONNECTED);
    }
  }

  private void read(SelectionKey k) {
    int total = 0;
    try {
      for (int reads = 0; reads < 4; reads++) {
        readBuffer.clear();
        int n = channel.read(readBuffer);
        if (n < 0) {
          endOfInput = true;
          k.interestOpsAnd(~SelectionKey.OP_READ);
          break;
        }
        if (n == 0) {
          break;
        }
        readBuffer.flip();
        inbound.add(ByteString.fromByteBuffer(readBuffer));
        total += n;
        lastActivityNanos = System.nanoTime();
        if (n < readBuffer.capacity()) {
          break;
        }
      }
    } catch (IOException e) {
      readFailure = e;
      k.interestOpsAnd(~SelectionKey.OP_READ);
    }
    if (total > 0 && buffered.addAndGet(total) >= READ_AHEAD) {
      readPaused = true;
      k.interestOpsAnd(~SelectionKey.OP_READ);
    }
    if (total > 0 || endOfInput || readFailure != null) {
      notifyStage(false);
    }
  }

  /** Tells the stage there is something to do, once until it has looked. */
  private void notifyStage(boolean writable) {
    AsyncCallback<Signal> s = signal;
    if (writable) {
      if (s != null) {
        s.invoke(Signal.WRITABLE);
      }
      return;
    }
    if (s != null && signalled.compareAndSet(false, true)) {
      s.invoke(Signal.READ);
    }
  }

  /** Closes the channel once; its key goes with it. */
  private void close() {
    SocketChannel ch = channel;
    if (ch != null && closeOnce.compareAndSet(false, true)) {
      try {
        ch.close();
      } catch (IOException e) {
        log.debug("closing a connection failed", e);
      }
      loop.selectorChanged();
      closed.run();
    }
  }

  @Override
  public GraphStageLogic createLogic(Attributes inheritedAttributes) {
    return new TimerGraphStageLogic(shape) {
      private ByteBuffer[] pendingWrite;
      private boolean finishAfterWrite;

      {
        setHandler(
            in,
            new AbstractInHandler() {
              @Override
              public void onPush() {
                write(new ByteBuffer[] {grab(in).asByteBuffer()});
              }

              @Override
              public void onUpstreamFinish() {
                if (pendingWrite == null) {
                  finishOutput();
                } else {
                  finishAfterWrite = true;
                }
              }
            });
        setHandler(
            out,
            new AbstractOutHandler() {
              @Override
              public void onPull() {
                deliver();
              }

              @Override
              public void onDownstreamFinish(Throwable cause) {
                // The HTTP layer reads no more; answers already started are still written, and
                // what the client still sends is dropped (deliver).
                deliver();
              }
            });
      }

      private boolean connected;

      @Override
      public void preStart() {
        signal = createAsyncCallback(this::signalled);
        signalled.set(false);
        if (remote == null) {
          onConnected();
          return;
        }
        try {
          SocketChannel ch = SocketChannel.open();
          channel = ch;
          ch.configureBlocking(false);
          ch.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
          boolean done = ch.connect(remote);
          key =
              loop.register(
                  ch, done ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, LoopConnection.this);
          if (done) {
            onConnected();
          } else {
            later(Signal.CONNECT_TIMEOUT, connectingTimeoutNanos);
          }
        } catch (IOException | RuntimeException e) {
          failConnect(e);
        }
      }

      private void onConnected() {
        connected = true;
        lastActivityNanos = System.nanoTime();
        if (connection != null) {
          SocketChannel ch = channel;
          InetSocketAddress local;
          try {
            local = (InetSocketAddress) ch.getLocalAddress();
          } catch (IOException e) {
            failConnect(e);
            return;
          }
          connection.complete(
              new OutgoingConnection(
                  new org.apache.pekko.http.scaladsl.Http.OutgoingConnection(local, remote)));
        }
        if (idleTimeoutNanos > 0) {
          later(Signal.IDLE_CHECK, idleTimeoutNanos);
        }
        pull(in);
        deliver();
      }

      private void failConnect(Throwable cause) {
        StreamTcpException e =
            new StreamTcpException("connecting to " + remote + " failed: " + cause);
        connection.completeExceptionally(e);
        failStage(e);
      }

      // a signal to this stage from a loop timer (never cancelled: a late one finds the stage gone
      // or the state moved on, and does nothing)
      private void later(Signal what, long delayNanos) {
        AsyncCallback<Signal> s = signal;
        loop.schedule(() -> s.invoke(what), delayNanos);
      }

      private void signalled(Signal what) {
        switch (what) {
          case WRITABLE -> {
            if (pendingWrite != null) {
              write(pendingWrite);
            }
          }
          case READ -> {
            signalled.set(false);
            deliver();
          }
          case CONNECTED -> {
            IOException failure = connectFailure;
            if (failure != null) {
              failConnect(failure);
            } else if (!connected) {
              onConnected();
            }
          }
          case CONNECT_TIMEOUT -> {
            if (!connected) {
              failConnect(
                  new java.net.SocketTimeoutException(
                      "no connection within " + connectingTimeoutNanos / 1_000_000 + " ms"));
            }
          }
          case IDLE_CHECK -> idleCheck();
        }
      }

      private void idleCheck() {
        long idle = System.nanoTime() - lastActivityNanos;
        if (idle >= idleTimeoutNanos) {
          java.time.Duration d = java.time.Duration.ofNanos(idleTimeoutNanos);
          failStage(
              new TcpIdleTimeoutException(
                  "no bytes moved on the connection to " + remote + " for " + d.toMillis() + " ms",
                  scala.concurrent.duration.Duration.fromNanos(idleTimeoutNanos)));
        } else {
          later(Signal.IDLE_CHECK, idleTimeoutNanos - idle);
        }
      }

      /**
       * Pushes everything read so far (drops it once the HTTP layer reads no more), or ends the
       * outlet at the end of input.
       */
      private void deliver() {
        boolean reading = !isClosed(out);
        if (!inbound.isEmpty() && (!reading || isAvailable(out))) {
          ByteString bytes = take();
          if (reading) {
            push(out, bytes);
            return;
          }
        }
        if (inbound.isEmpty()) {
          IOException failure = readFailure;
          if (failure != null) {
            failStage(failure);
          } else if (endOfInput) {
            if (reading) {
              complete(out);
            }
            if (isClosed(in) && pendingWrite == null) {
              completeStage();
            }
          }
        }
      }

      /** Everything queued; reading resumes once the queue has drained to half its limit. */
      private ByteString take() {
        ByteString bytes = ByteString.emptyByteString();
        int n = 0;
        for (ByteString b; (b = inbound.poll()) != null; ) {
          bytes = bytes.concat(b);
          n += b.size();
        }
        int left = buffered.addAndGet(-n);
        if (readPaused && left <= READ_AHEAD / 2) {
          readPaused = false;
          SelectionKey k = key;
          if (k != null && k.isValid() && !endOfInput) {
            k.interestOpsOr(SelectionKey.OP_READ);
            loop.selectorChanged();
          }
        }
        return bytes;
      }

      /**
       * The last answer is written: done if the client has closed too; else FIN, then read on
       * (dropping) until the client closes or the linger is over.
       */
      private void finishOutput() {
        if (!connected || endOfInput || readFailure != null) {
          completeStage();
          return;
        }
        try {
          channel.shutdownOutput();
        } catch (IOException e) {
          completeStage();
          return;
        }
        scheduleOnce("linger", LINGER);
        deliver();
      }

      @Override
      public void onTimer(Object timerKey) {
        completeStage();
      }

      private void write(ByteBuffer[] buffers) {
        try {
          if (channel.write(buffers) > 0) {
            lastActivityNanos = System.nanoTime();
          }
        } catch (IOException e) {
          failStage(e);
          return;
        }
        for (ByteBuffer b : buffers) {
          if (b.hasRemaining()) {
            pendingWrite = buffers;
            SelectionKey k = key;
            if (k != null && k.isValid()) {
              k.interestOpsOr(SelectionKey.OP_WRITE);
              loop.selectorChanged();
            }
            return;
          }
        }
        pendingWrite = null;
        if (finishAfterWrite) {
          finishAfterWrite = false;
          finishOutput();
        } else if (!isClosed(in)) {
          pull(in);
        }
      }

      @Override
      public void postStop() {
        if (connection != null && !connection.isDone()) {
          connection.completeExceptionally(
              new StreamTcpException(
                  "the connection to " + remote + " stopped before it was made"));
        }
        close();
      }
    };
  }
}
