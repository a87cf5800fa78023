package solventa.quote.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.Done;
import org.apache.pekko.NotUsed;
import org.apache.pekko.actor.ClassicActorSystemProvider;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.settings.ServerSettings;
import org.apache.pekko.stream.Attributes;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.SystemMaterializer;
import org.apache.pekko.stream.TLSProtocol;
import org.apache.pekko.stream.javadsl.BidiFlow;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.TLSPlacebo;
import org.apache.pekko.util.ByteString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.quote.NodeLoop;

/**
 * The quote API's HTTP/1.1 server on the node loop's own sockets (decision 0034, {@code
 * quote.http.transport = loop}): Pekko HTTP's server layer (parsing, rendering, pipelining, request
 * timeouts, the handler) over connections that the loop's worker 0 accepts and reads itself, in
 * place of Pekko's TCP layer and its selector thread.
 *
 * <p>What Pekko's own binding adds per connection and this one keeps: the server layer, the idle
 * timeout in both directions, the handler as {@code mapAsync} at the pipelining limit, and the
 * stream-cancellation delay. At the connection limit ({@code max-connections}) it stops accepting
 * until a connection closes, so new ones wait in the kernel's backlog, as with Pekko's. Not kept:
 * the remote address (no route of the quote API reads it), graceful termination of open connections
 * at unbind (the node stops its actor system right after), and TLS (the API serves loopback or the
 * compose network only).
 */
public final class LoopHttpServer {
  private static final Logger log = LoggerFactory.getLogger(LoopHttpServer.class);

  /** Connections accepted per readiness of the listening socket, so one burst cannot hog it. */
  static final int ACCEPTS_PER_READY = 64;

  private final NodeLoop loop;
  private final ServerSocketChannel listener;
  private final Flow<ByteString, ByteString, NotUsed> http;
  private final Materializer materializer;
  private final int maxConnections;
  private final AtomicInteger open = new AtomicInteger();
  private volatile SelectionKey listenerKey;
  private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(LoopConnection.READ_CHUNK);

  /** Every connection's stream-cancellation delay, from {@code pekko.http.server}. */
  private final Attributes cancellationDelay;

  private LoopHttpServer(
      NodeLoop loop,
      ServerSocketChannel listener,
      org.apache.pekko.japi.function.Function<HttpRequest, CompletionStage<HttpResponse>> handler,
      ServerSettings settings,
      ClassicActorSystemProvider system) {
    this.loop = loop;
    this.listener = listener;
    this.cancellationDelay = cancellationDelay(settings);
    this.maxConnections = settings.getMaxConnections();
    this.materializer = SystemMaterializer.get(system).materializer();
    this.http =
        Flow.of(HttpRequest.class)
            .mapAsync(settings.getPipeliningLimit(), handler)
            .join(layer(system, settings));
  }

  /**
   * Binds {@code host:port} (0: any free port) on {@code loop}, which must have I/O, and serves
   * {@code handler} there.
   */
  public static LoopHttpServer bind(
      NodeLoop loop,
      ClassicActorSystemProvider system,
      String host,
      int port,
      org.apache.pekko.japi.function.Function<HttpRequest, CompletionStage<HttpResponse>> handler)
      throws IOException {
    if (!loop.io()) {
      throw new IllegalArgumentException("the loop has no I/O");
    }
    ServerSettings settings = ServerSettings.create(system.classicSystem());
    ServerSocketChannel listener = ServerSocketChannel.open();
    try {
      listener.setOption(StandardSocketOptions.SO_REUSEADDR, true);
      listener.bind(new InetSocketAddress(host, port), settings.getBacklog());
      listener.configureBlocking(false);
      LoopHttpServer server = new LoopHttpServer(loop, listener, handler, settings, system);
      server.listenerKey = loop.register(listener, SelectionKey.OP_ACCEPT, k -> server.accept());
      return server;
    } catch (IOException | RuntimeException e) {
      listener.close();
      throw e;
    }
  }

  private static BidiFlow<HttpResponse, ByteString, ByteString, HttpRequest, NotUsed> layer(
      ClassicActorSystemProvider system, ServerSettings settings) {
    BidiFlow<HttpResponse, ByteString, ByteString, HttpRequest, NotUsed> plain =
        Http.get(system)
            .serverLayer(settings)
            .atop(placebo())
            .mapMaterializedValue(m -> NotUsed.getInstance());
    scala.concurrent.duration.Duration idle = settings.getTimeouts().idleTimeout();
    if (idle instanceof scala.concurrent.duration.FiniteDuration finite) {
      return plain.atop(BidiFlow.<ByteString, ByteString>bidirectionalIdleTimeout(finite));
    }
    return plain;
  }

  /** No TLS: the placebo's inbound side gives session bytes, which are the layer's TLS inbound. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static BidiFlow<
          TLSProtocol.SslTlsOutbound, ByteString, ByteString, TLSProtocol.SslTlsInbound, NotUsed>
      placebo() {
    return (BidiFlow) TLSPlacebo.getInstance();
  }

  /** The bound address. */
  public InetSocketAddress localAddress() {
    try {
      return (InetSocketAddress) listener.getLocalAddress();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Connections open now. */
  public int openConnections() {
    return open.get();
  }

  /**
   * Stops accepting; open connections go on until they end or the system stops. Completes once the
   * listening socket is closed: its key is cancelled first and the socket closed once worker 0's
   * selector has let go of it (a registered socket's close would wait for that, and the port would
   * still take connections meanwhile).
   */
  public CompletionStage<Done> unbind() {
    CompletableFuture<Done> unbound = new CompletableFuture<>();
    SelectionKey k = listenerKey;
    if (k != null) {
      k.cancel();
      loop.selectorChanged();
    }
    closeWhenDeregistered(unbound, UNBIND_CHECKS);
    return unbound;
  }

  /** Checks of the listening socket's deregistration an unbind makes, one per millisecond. */
  static final int UNBIND_CHECKS = 5_000;

  private void closeWhenDeregistered(CompletableFuture<Done> unbound, int checksLeft) {
    if (listener.isRegistered() && checksLeft > 0 && !loop.isShutdown()) {
      loop.schedule(() -> closeWhenDeregistered(unbound, checksLeft - 1), 1_000_000);
      return;
    }
    try {
      listener.close();
    } catch (IOException e) {
      log.warn("closing the listening socket failed", e);
    }
    unbound.complete(Done.getInstance());
  }

  /** Readiness of the listening socket, on worker 0. */
  private void accept() {
    for (int i = 0; i < ACCEPTS_PER_READY && !atLimit(); i++) {
      SocketChannel channel;
      try {
        channel = listener.accept();
      } catch (IOException e) {
        if (listener.isOpen()) {
          log.warn("accepting a connection failed", e);
        }
        return;
      }
      if (channel == null) {
        return;
      }
      open.incrementAndGet();
      try {
        serve(channel);
      } catch (IOException | RuntimeException e) {
        log.warn("could not serve an accepted connection", e);
        closeQuietly(channel);
        closed();
      }
    }
  }

  /**
   * At {@code max-connections} the listening socket stops accepting: new connections wait in the
   * kernel's backlog, as with Pekko's binding, until one closes ({@link #closed}).
   */
  private boolean atLimit() {
    if (open.get() < maxConnections) {
      return false;
    }
    SelectionKey k = listenerKey;
    if (k != null && k.isValid()) {
      k.interestOpsAnd(~SelectionKey.OP_ACCEPT);
      loop.selectorChanged();
      // a connection that closed meanwhile must not leave accepting off
      if (open.get() < maxConnections) {
        resumeAccepting();
      }
    }
    return true;
  }

  /** A connection closed: one more may be accepted. */
  private void closed() {
    if (open.decrementAndGet() < maxConnections) {
      resumeAccepting();
    }
  }

  private void resumeAccepting() {
    SelectionKey k = listenerKey;
    if (k != null && k.isValid() && (k.interestOps() & SelectionKey.OP_ACCEPT) == 0) {
      k.interestOpsOr(SelectionKey.OP_ACCEPT);
      loop.selectorChanged();
    }
  }

  private void serve(SocketChannel channel) throws IOException {
    channel.configureBlocking(false);
    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    LoopConnection connection = new LoopConnection(loop, channel, readBuffer, this::closed);
    connection.register();
    http.join(connection).addAttributes(cancellationDelay).run(materializer);
  }

  private static Attributes cancellationDelay(ServerSettings settings) {
    scala.concurrent.duration.FiniteDuration delay = settings.getStreamCancellationDelay();
    Attributes.CancellationStrategy$ s = Attributes.CancellationStrategy$.MODULE$;
    var strategy =
        delay.length() == 0
            ? s.failStage()
            : s.afterDelay(java.time.Duration.ofNanos(delay.toNanos()), s.failStage());
    return Attributes.apply(s.apply(strategy));
  }

  private static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      log.debug("closing a connection that could not be served failed", e);
    }
  }
}
