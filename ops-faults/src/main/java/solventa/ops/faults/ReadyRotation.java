package solventa.ops.faults;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import solventa.ops.lab.NodeProcess;

/**
 * A load balancer's rotation that follows the nodes' {@code GET /ready}, as a balancer's health
 * check does: every {@value #CHECK_MS} ms each member is asked, and the rotation is the members
 * whose last answer was a 200. A stopping node leaves it at its first DRAINING answer (the node
 * keeps serving for its {@code quote.shutdown.unready-delay} meanwhile), a replacement joins it at
 * its first READY. The rows add and remove members; the rotation never takes a node out by itself
 * otherwise. Bounded: the checks run on one scheduled thread until {@link #close}, each within 800
 * ms.
 */
final class ReadyRotation implements AutoCloseable {
  static final long CHECK_MS = 1_000;
  private static final Duration CHECK_TIMEOUT = Duration.ofMillis(800);

  private final HttpClient client = solventa.ops.lab.Http.newClient();
  private final List<String> members = new CopyOnWriteArrayList<>();
  private final AtomicReference<List<String>> rotation = new AtomicReference<>(List.of());
  private final Map<String, Long> leftMs = new ConcurrentHashMap<>();
  private final Map<String, Long> joinedMs = new ConcurrentHashMap<>();
  private final ScheduledExecutorService checker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "ready-rotation");
            t.setDaemon(true);
            return t;
          });

  /** A rotation of {@code members}, all in it at first (they answered ready before the row). */
  ReadyRotation(List<NodeProcess> initial) {
    this(ClusterFaults.urls(initial), CHECK_MS);
  }

  /** A rotation of the nodes at {@code baseUrls}, checked every {@code checkMs}. */
  ReadyRotation(List<String> baseUrls, long checkMs) {
    members.addAll(baseUrls);
    rotation.set(List.copyOf(baseUrls));
    checker.scheduleWithFixedDelay(this::check, checkMs, checkMs, TimeUnit.MILLISECONDS);
  }

  /** The base URLs in the rotation now (the load's targets). */
  List<String> urls() {
    return rotation.get();
  }

  /** A new member, in the rotation from its first ready answer. */
  void add(NodeProcess n) {
    add(n.baseUrl());
  }

  void add(String baseUrl) {
    members.add(baseUrl);
  }

  /** A member gone (stopped); out of the rotation at once if it still was. */
  void remove(NodeProcess n) {
    remove(n.baseUrl());
  }

  // synchronized with the check, so that a check in progress cannot put it back
  synchronized void remove(String baseUrl) {
    members.remove(baseUrl);
    rotation.updateAndGet(r -> r.stream().filter(u -> !u.equals(baseUrl)).toList());
  }

  /** When {@code n} last left the rotation (epoch ms), -1 if it has not. */
  long leftMs(NodeProcess n) {
    return leftMs(n.baseUrl());
  }

  long leftMs(String baseUrl) {
    return leftMs.getOrDefault(baseUrl, -1L);
  }

  /** When {@code n} first joined the rotation (epoch ms), -1 if it has not. */
  long joinedMs(NodeProcess n) {
    return joinedMs(n.baseUrl());
  }

  long joinedMs(String baseUrl) {
    return joinedMs.getOrDefault(baseUrl, -1L);
  }

  private synchronized void check() {
    List<String> in = new java.util.ArrayList<>();
    List<String> before = rotation.get();
    for (String url : members) {
      boolean ready = ready(url);
      long now = System.currentTimeMillis();
      if (ready) {
        in.add(url);
        if (!before.contains(url)) {
          joinedMs.putIfAbsent(url, now);
        }
      } else if (before.contains(url)) {
        leftMs.put(url, now); // the latest leave: a check that timed out earlier is not the stop's
      }
    }
    rotation.set(List.copyOf(in));
  }

  private boolean ready(String baseUrl) {
    try {
      HttpRequest req =
          HttpRequest.newBuilder(URI.create(baseUrl + "/ready"))
              .timeout(CHECK_TIMEOUT)
              .GET()
              .build();
      return client.send(req, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (java.io.IOException | RuntimeException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() {
    checker.shutdownNow();
  }
}
