package solventa.quote.http;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.http.javadsl.ClientTransport;
import org.apache.pekko.http.javadsl.OutgoingConnection;
import org.apache.pekko.http.javadsl.settings.ClientConnectionSettings;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.util.ByteString;
import solventa.quote.NodeLoop;

/**
 * Pekko HTTP's client transport on the node loop (decision 0035): the adapter's pool opens its
 * connections to the provider here instead of through Pekko's TCP layer and its selector thread.
 * Each connection is a {@link LoopConnection} that worker 0 connects, reads and watches; the pool's
 * own stages are unchanged. Honours the pool's connecting timeout and idle timeout (the latter is
 * what frees the slot of a call the provider never answers).
 *
 * <p>Only a host given as an IP address is connected on the loop: a name would need a DNS lookup,
 * which blocks, and the loop must not. A named host (a compose service, say), or settings that bind
 * a local address, get Pekko's own TCP transport, which resolves asynchronously.
 */
public final class LoopClientTransport extends ClientTransport {
  private final NodeLoop loop;

  /** Worker 0's read buffer for every outgoing connection (only worker 0 reads). */
  private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(LoopConnection.READ_CHUNK);

  /**
   * @param loop a loop with I/O ({@link NodeLoop#io()})
   */
  public LoopClientTransport(NodeLoop loop) {
    if (!loop.io()) {
      throw new IllegalArgumentException("the client transport needs a loop with I/O");
    }
    this.loop = loop;
  }

  @Override
  public Flow<ByteString, ByteString, CompletionStage<OutgoingConnection>> connectTo(
      String host, int port, ClientConnectionSettings settings, ActorSystem system) {
    if (!isIpLiteral(host) || settings.getLocalAddress().isPresent()) {
      return ClientTransport.TCP().connectTo(host, port, settings, system);
    }
    scala.concurrent.duration.Duration idle = settings.getIdleTimeout();
    InetSocketAddress remote = new InetSocketAddress(host, port);
    Duration connecting = Duration.ofNanos(settings.getConnectingTimeout().toNanos());
    Duration idleTimeout = idle.isFinite() ? Duration.ofNanos(idle.toNanos()) : null;
    // the pool materializes this one flow for every connection it opens: a new stage each time
    return Flow.<ByteString, ByteString, CompletionStage<OutgoingConnection>>fromMaterializer(
            (mat, attributes) -> {
              LoopConnection c =
                  new LoopConnection(loop, remote, readBuffer, connecting, idleTimeout);
              return Flow.fromGraph(c).mapMaterializedValue(unused -> c.connection());
            })
        // an explicit executor: the stage Pekko hands back comes from Scala's future converters,
        // whose plain thenCompose runs on the JDK common pool (a new thread each time on 2 cores)
        .mapMaterializedValue(connection -> connection.thenComposeAsync(c -> c, Runnable::run));
  }

  /** An IPv4 dotted quad or an IPv6 address (with a colon): nothing to resolve. */
  static boolean isIpLiteral(String host) {
    return host.indexOf(':') >= 0
        || host.matches(
            "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
  }

  /**
   * Makes {@code transport} the one the adapter's pool uses on {@code system} ({@link #of}); the
   * node installs its loop's before it creates the adapter.
   */
  public static void install(
      org.apache.pekko.actor.typed.ActorSystem<?> system, ClientTransport transport) {
    Installed.ID.get(system.classicSystem()).transport = transport;
  }

  /** The transport installed on {@code system}, or null: Pekko's TCP. */
  public static ClientTransport of(org.apache.pekko.actor.typed.ActorSystem<?> system) {
    return Installed.ID.get(system.classicSystem()).transport;
  }

  private static final class Installed implements org.apache.pekko.actor.Extension {
    static final Id ID = new Id();
    volatile ClientTransport transport;

    static final class Id extends org.apache.pekko.actor.AbstractExtensionId<Installed> {
      @Override
      public Installed createExtension(org.apache.pekko.actor.ExtendedActorSystem system) {
        return new Installed();
      }
    }
  }
}
