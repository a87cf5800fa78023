package solventa.ops.faults;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import solventa.gatling.QuoteRequests;

/**
 * The overload row's open-model load: like {@link FaultLoad} (planned arrivals at a fixed rate,
 * whatever the answers do, each arrival's planned and actual send time recorded), but in phases of
 * different rates one after the other, and recording each answer's {@code Retry-After} header,
 * which a shed answer must carry. One target (the node under test). Bounded: it stops sending at
 * the last phase's end and waits at most {@value FaultLoad#DRAIN_SEC} s more for answers.
 */
final class OverloadLoad {
  private static final long TICK_MS = 5;
  private static final HttpClient CLIENT = solventa.ops.lab.Http.newClient();

  /** A phase: {@code rate} quotes a second for {@code seconds}. */
  record Phase(int rate, int seconds) {
    Phase {
      if (rate < 1 || rate > 5000 || seconds < 1 || seconds > 120) {
        throw new IllegalArgumentException("a phase is 1..5000 req/s for 1..120 s");
      }
    }
  }

  /**
   * One quote: its phase, planned and actual send time (epoch ms), status (0: no answer, {@code
   * error} the client's exception, e.g. HttpTimeoutException after 5 s).
   */
  record Answer(
      int phase,
      long plannedMs,
      long sentMs,
      int status,
      String retryAfter,
      long latencyMs,
      String error) {
    long answeredMs() {
      return sentMs + latencyMs;
    }
  }

  /** What the load saw: the phases from {@code startMs}, every answer, the ones never answered. */
  record Result(List<Phase> phases, long startMs, List<Answer> answers, long[] unanswered) {
    /** When phase {@code i} was planned to start (epoch ms). */
    long phaseStartMs(int i) {
      long t = startMs;
      for (int p = 0; p < i; p++) {
        t += phases.get(p).seconds() * 1000L;
      }
      return t;
    }

    long phaseEndMs(int i) {
      return phaseStartMs(i) + phases.get(i).seconds() * 1000L;
    }

    List<Answer> of(int phase) {
      return answers.stream().filter(a -> a.phase() == phase).toList();
    }
  }

  private final List<Phase> phases;
  private final String url;
  private final List<String> customers;
  private final Random random;
  private final ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
  private final AtomicLong outstanding = new AtomicLong();
  private final long[] sentPerPhase;
  private final long[] answeredPerPhase;
  private final CountDownLatch done = new CountDownLatch(1);
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "overload-load");
            t.setDaemon(true);
            return t;
          });
  private long startMs;
  private int phase;
  private long phaseStartMs;
  private long planned;

  private OverloadLoad(List<Phase> phases, String baseUrl, List<String> customers, long seed) {
    if (phases.isEmpty() || customers.isEmpty()) {
      throw new IllegalArgumentException("a load needs phases and customers");
    }
    this.phases = List.copyOf(phases);
    this.url = baseUrl + "/v1/quotes";
    this.customers = List.copyOf(customers);
    this.random = new Random(seed);
    this.sentPerPhase = new long[phases.size()];
    this.answeredPerPhase = new long[phases.size()];
  }

  /** Runs the phases against the node at {@code baseUrl} and returns what it saw (bounded). */
  static Result run(List<Phase> phases, String baseUrl, List<String> customers, long seed)
      throws InterruptedException {
    OverloadLoad load = new OverloadLoad(phases, baseUrl, customers, seed);
    load.startMs = System.currentTimeMillis();
    load.phaseStartMs = load.startMs;
    load.ticker.scheduleAtFixedRate(load::tick, 0, TICK_MS, TimeUnit.MILLISECONDS);
    long total = phases.stream().mapToLong(p -> p.seconds() * 1000L).sum();
    load.done.await(total + 5_000, TimeUnit.MILLISECONDS);
    load.ticker.shutdownNow();
    long deadline = System.currentTimeMillis() + FaultLoad.DRAIN_SEC * 1000L;
    while (load.outstanding.get() > 0 && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    List<Answer> all = new ArrayList<>(load.answers);
    all.sort((a, b) -> Long.compare(a.plannedMs(), b.plannedMs()));
    long[] unanswered = new long[phases.size()];
    synchronized (load) {
      for (int i = 0; i < phases.size(); i++) {
        unanswered[i] = load.sentPerPhase[i] - load.answeredPerPhase[i];
      }
    }
    return new Result(load.phases, load.startMs, all, unanswered);
  }

  // the ticker's thread only: every arrival due by now, phase by phase
  private void tick() {
    long now = System.currentTimeMillis();
    while (phase < phases.size()) {
      Phase p = phases.get(phase);
      long length = p.seconds() * 1000L;
      long elapsed = Math.min(now - phaseStartMs, length);
      long due = elapsed * p.rate() / 1000;
      while (planned < due) {
        send(phase, phaseStartMs + planned * 1000 / p.rate());
        planned++;
      }
      if (now - phaseStartMs < length) {
        return;
      }
      phase++;
      phaseStartMs += length;
      planned = 0;
    }
    ticker.shutdown();
    done.countDown();
  }

  private void send(int phase, long plannedMs) {
    String customer = customers.get(random.nextInt(customers.size()));
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(5))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(QuoteRequests.body(customer, "life")))
            .build();
    long sentMs = System.currentTimeMillis();
    long t0 = System.nanoTime();
    synchronized (this) {
      sentPerPhase[phase]++;
    }
    outstanding.incrementAndGet();
    CLIENT
        .sendAsync(req, HttpResponse.BodyHandlers.discarding())
        .whenComplete(
            (r, e) -> {
              long latency = (System.nanoTime() - t0) / 1_000_000;
              int status = e == null ? r.statusCode() : 0;
              String retryAfter =
                  e == null ? r.headers().firstValue("Retry-After").orElse(null) : null;
              String error = e == null ? null : cause(e);
              answers.add(new Answer(phase, plannedMs, sentMs, status, retryAfter, latency, error));
              synchronized (this) {
                answeredPerPhase[phase]++;
              }
              outstanding.decrementAndGet();
            });
  }

  // the innermost cause's class, e.g. HttpTimeoutException, ConnectException
  static String cause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName();
  }
}
