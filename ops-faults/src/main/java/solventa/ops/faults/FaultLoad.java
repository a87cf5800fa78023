package solventa.ops.faults;

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
import java.util.function.LongFunction;
import java.util.function.Supplier;
import solventa.gatling.QuoteRequests;
import solventa.ops.lab.Http;
import solventa.vocabulary.QuoteRequestBody;

/**
 * The fault matrix's one open-model load: quotes at planned arrival times, whatever the answers do
 * (a late answer never delays the next arrival), following a schedule of phases (a rate for a
 * length each, one after the other), the last of which may be open-ended: it runs until {@link
 * #stop}, at most its length. Each arrival goes to the next of the base URLs the target supplier
 * gives at that moment, round-robin: a load balancer's rotation, which a row changes while it runs
 * (a node leaving it before its restart, joining it once ready). Each quote is for a customer drawn
 * from the row's known set with the run's seed, or, for a flood of never-seen customers ({@link
 * #startDistinct}), the next id of a sequence.
 *
 * <p>It records what could bend its numbers: each arrival's planned and actual send time (the lag)
 * and the rate it achieved per phase; and what an answer says beyond its status: its origin, its
 * {@code Retry-After} header (a shed answer must carry one), and for no answer the client's
 * failure. It uses a connection pool of its own. It is bounded: it stops sending at the planned end
 * (or the stop) and waits at most {@value #DRAIN_SEC} s more for answers (a quote times out at 5
 * s).
 */
public final class FaultLoad {
  static final int DRAIN_SEC = 10;
  private static final long TICK_MS = 5;
  private static final Duration QUOTE_TIMEOUT = Duration.ofSeconds(5);

  /** A phase of the schedule: {@code rate} quotes a second for {@code lengthMs}. */
  public record Phase(int rate, long lengthMs) {
    public Phase {
      if (rate < 1 || rate > 5000) {
        throw new IllegalArgumentException("rate must be 1..5000 req/s, not " + rate);
      }
      if (lengthMs < 0 || lengthMs > 600_000) {
        throw new IllegalArgumentException("a phase lasts 0..600 s, not " + lengthMs + " ms");
      }
    }

    /** {@code rate} quotes a second for {@code seconds}. */
    public static Phase of(int rate, int seconds) {
      return new Phase(rate, seconds * 1000L);
    }
  }

  /**
   * One quote: its phase, when it was planned and sent (epoch ms), where, for whom, and its answer:
   * status (0: none), origin ("" when the body has none), {@code Retry-After} (null when absent),
   * latency, and for no answer the client's failure (e.g. HttpTimeoutException), else null.
   */
  public record Sent(
      int phase,
      long plannedMs,
      long sentMs,
      String target,
      String customer,
      int status,
      String origin,
      long latencyMs,
      String retryAfter,
      String error) {
    /** When the answer came (epoch ms). */
    public long answeredMs() {
      return sentMs + latencyMs;
    }
  }

  private final List<Phase> phases;
  private final Supplier<List<String>> targets;
  private final LongFunction<String> customerOf; // arrival index to customer
  private final String partner; // every quote's partnerId
  private final HttpClient client = Http.newClient();
  private final ConcurrentLinkedQueue<Sent> sent = new ConcurrentLinkedQueue<>();
  private final AtomicLong outstanding = new AtomicLong();
  private final long[] sentPerPhase;
  private final long[] answeredPerPhase;
  private final CountDownLatch done = new CountDownLatch(1);
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "fault-load");
            t.setDaemon(true);
            return t;
          });
  private volatile long stopAtMs = Long.MAX_VALUE;
  private volatile long startMs;
  private volatile long endMs;
  // the ticker's thread only
  private int phase;
  private long phaseStartMs;
  private long planned;
  private long arrivals;
  private int next;

  private FaultLoad(
      List<Phase> phases, Supplier<List<String>> targets, LongFunction<String> customerOf) {
    this(QuoteRequestBody.PARTNER, phases, targets, customerOf);
  }

  private FaultLoad(
      String partner,
      List<Phase> phases,
      Supplier<List<String>> targets,
      LongFunction<String> customerOf) {
    this.partner = partner;
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("a load needs at least one phase");
    }
    this.phases = List.copyOf(phases);
    this.targets = targets;
    this.customerOf = customerOf;
    this.sentPerPhase = new long[phases.size()];
    this.answeredPerPhase = new long[phases.size()];
  }

  /** Starts {@code rate} quotes a second for {@code duration}; {@link #await} for the result. */
  public static FaultLoad start(
      int rate,
      Duration duration,
      Supplier<List<String>> targets,
      List<String> customers,
      long seed) {
    return schedule(List.of(new Phase(rate, duration.toMillis())), targets, customers, seed);
  }

  /** Starts the {@code phases} one after the other, each quote for one of {@code customers}. */
  public static FaultLoad schedule(
      List<Phase> phases, Supplier<List<String>> targets, List<String> customers, long seed) {
    return start(new FaultLoad(phases, targets, drawn(customers, seed)));
  }

  /**
   * Starts {@code rate} quotes a second until {@link #stop}, at most {@code maxSec} s: a load for
   * as long as a row needs it (a rolling restart's length is not known in advance).
   */
  public static FaultLoad open(
      int rate, Supplier<List<String>> targets, List<String> customers, long seed, int maxSec) {
    return start(new FaultLoad(List.of(Phase.of(rate, maxSec)), targets, drawn(customers, seed)));
  }

  /**
   * As {@link #open}, for a load longer than one phase may last: {@code rate} quotes a second until
   * {@link #stop}, at most {@code maxSec} s, as consecutive phases of at most 600 s each.
   */
  public static FaultLoad openLong(
      int rate, Supplier<List<String>> targets, List<String> customers, long seed, int maxSec) {
    List<Phase> phases = new ArrayList<>();
    for (int left = maxSec; left > 0; left -= 600) {
      phases.add(Phase.of(rate, Math.min(600, left)));
    }
    return start(new FaultLoad(phases, targets, drawn(customers, seed)));
  }

  /**
   * As {@link #start}, each quote for a customer of its own: the {@code i}-th arrival (from 0)
   * quotes {@code customerOf.apply(i)}, so the load never repeats a customer.
   */
  public static FaultLoad startDistinct(
      int rate,
      Duration duration,
      Supplier<List<String>> targets,
      LongFunction<String> customerOf) {
    return start(new FaultLoad(List.of(new Phase(rate, duration.toMillis())), targets, customerOf));
  }

  /**
   * Starts the {@code phases} as partner {@code partner} (every quote's {@code partnerId}), the
   * {@code i}-th arrival (from 0) quoting {@code customerOf.apply(i)}, called on the load's one
   * ticker thread in arrival order (so it may keep state).
   */
  public static FaultLoad startAs(
      String partner,
      List<Phase> phases,
      Supplier<List<String>> targets,
      LongFunction<String> customerOf) {
    return start(new FaultLoad(partner, phases, targets, customerOf));
  }

  // customers drawn with the run's seed (the ticker's thread only draws)
  private static LongFunction<String> drawn(List<String> customers, long seed) {
    if (customers.isEmpty()) {
      throw new IllegalArgumentException("no customers to quote");
    }
    List<String> known = List.copyOf(customers);
    Random random = new Random(seed);
    return i -> known.get(random.nextInt(known.size()));
  }

  private static FaultLoad start(FaultLoad load) {
    load.startMs = System.currentTimeMillis();
    load.phaseStartMs = load.startMs;
    load.endMs = load.startMs + load.phases.stream().mapToLong(Phase::lengthMs).sum();
    load.ticker.scheduleAtFixedRate(load::tick, 0, TICK_MS, TimeUnit.MILLISECONDS);
    return load;
  }

  /** When the first arrival was planned (epoch ms). */
  public long startMs() {
    return startMs;
  }

  /** No arrival after now: an open-ended load ends here; a schedule ends early. */
  public void stop() {
    stopAtMs = System.currentTimeMillis();
  }

  // the ticker's thread only: every arrival due by now, phase by phase
  private void tick() {
    long now = System.currentTimeMillis();
    long stop = stopAtMs;
    while (phase < phases.size()) {
      Phase p = phases.get(phase);
      long end = Math.min(phaseStartMs + p.lengthMs(), stop);
      long due = Math.max(0, Math.min(now, end) - phaseStartMs) * p.rate() / 1000;
      while (planned < due) {
        send(phase, phaseStartMs + planned * 1000 / p.rate(), customerOf.apply(arrivals++));
        planned++;
      }
      if (now < end) {
        return;
      }
      phaseStartMs = end;
      planned = 0;
      phase = end == stop ? phases.size() : phase + 1;
    }
    endMs = Math.min(phaseStartMs, endMs);
    ticker.shutdown();
    done.countDown();
  }

  private void send(int phase, long plannedMs, String customer) {
    List<String> rotation = targets.get();
    long sentMs = System.currentTimeMillis();
    synchronized (this) {
      sentPerPhase[phase]++;
    }
    if (rotation.isEmpty()) {
      // nobody in the rotation: the balancer has nowhere to send it (a 503 of its own)
      answered(new Sent(phase, plannedMs, sentMs, "", customer, 503, "", 0, null, null));
      return;
    }
    String target = rotation.get(Math.floorMod(next++, rotation.size()));
    HttpRequest req =
        HttpRequest.newBuilder(Http.loopback(target + "/v1/quotes"))
            .timeout(QUOTE_TIMEOUT)
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(QuoteRequests.body(partner, customer, "life")))
            .build();
    long t0 = System.nanoTime();
    outstanding.incrementAndGet();
    client
        .sendAsync(req, HttpResponse.BodyHandlers.ofString())
        .whenComplete(
            (r, e) -> {
              long latency = (System.nanoTime() - t0) / 1_000_000;
              answered(
                  e == null
                      ? new Sent(
                          phase,
                          plannedMs,
                          sentMs,
                          target,
                          customer,
                          r.statusCode(),
                          origin(r.body()),
                          latency,
                          r.headers().firstValue("Retry-After").orElse(null),
                          null)
                      : new Sent(
                          phase, plannedMs, sentMs, target, customer, 0, "", latency, null,
                          cause(e)));
              outstanding.decrementAndGet();
            });
  }

  private void answered(Sent s) {
    sent.add(s);
    synchronized (this) {
      answeredPerPhase[s.phase()]++;
    }
  }

  // the answer's origin (FRESH, CACHED, STALE, DEFAULT), "" when the body has none
  static String origin(String body) {
    if (body == null) {
      return "";
    }
    int i = body.indexOf("\"origin\":\"");
    if (i < 0) {
      return "";
    }
    int from = i + "\"origin\":\"".length();
    int to = body.indexOf('"', from);
    return to < 0 ? "" : body.substring(from, to);
  }

  // the innermost cause's class, e.g. HttpTimeoutException, ConnectException
  static String cause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName();
  }

  /** Waits (bounded) for the end and the answers in flight, and returns what was seen. */
  public FaultLoadResult await() throws InterruptedException {
    long total = phases.stream().mapToLong(Phase::lengthMs).sum();
    done.await(total + 5_000, TimeUnit.MILLISECONDS);
    ticker.shutdownNow();
    long deadline = System.currentTimeMillis() + DRAIN_SEC * 1000L;
    while (outstanding.get() > 0 && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    List<Sent> all = new ArrayList<>(sent);
    all.sort((a, b) -> Long.compare(a.plannedMs(), b.plannedMs()));
    long[] unanswered = new long[phases.size()];
    synchronized (this) {
      for (int i = 0; i < unanswered.length; i++) {
        unanswered[i] = sentPerPhase[i] - answeredPerPhase[i];
      }
    }
    return new FaultLoadResult(phases, startMs, endMs, all, unanswered);
  }
}
