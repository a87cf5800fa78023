package solventa.ops.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.function.Supplier;
import solventa.gatling.QuoteRequests;
import solventa.ops.lab.Http;

/**
 * The fault matrix's open-model load: quotes at a fixed arrival rate for a fixed time, whatever the
 * answers do (a late answer never delays the next arrival), spread round-robin over the base URLs
 * the target supplier gives at each arrival: a load balancer's rotation, which a row changes while
 * it runs (a node leaving it before its restart, joining it once ready). Each quote is for a
 * customer drawn from the row's known set with the run's seed, or, for a flood of never-seen
 * customers ({@link #startDistinct}), the next id of a sequence.
 *
 * <p>The generator records what could bend its numbers: each arrival's planned and actual send time
 * (the lag) and the rate it achieved. It is bounded: it stops sending at the planned end and waits
 * at most {@value #DRAIN_SEC} s more for answers (a quote times out at 5 s).
 */
public final class FaultLoad {
  static final int DRAIN_SEC = 10;
  private static final long TICK_MS = 5;

  /** One quote: when it was planned and sent (epoch ms), where, for whom, and its answer. */
  public record Sent(
      long plannedMs,
      long sentMs,
      String target,
      String customer,
      int status,
      String origin,
      long latencyMs) {
    /** When the answer came (epoch ms). */
    public long answeredMs() {
      return sentMs + latencyMs;
    }
  }

  private final int rate;
  private final Duration duration;
  private final Supplier<List<String>> targets;
  private final java.util.function.LongFunction<String> customerOf; // arrival index to customer
  private final ConcurrentLinkedQueue<Sent> sent = new ConcurrentLinkedQueue<>();
  private final AtomicLong outstanding = new AtomicLong();
  private final CountDownLatch done = new CountDownLatch(1);
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "fault-load");
            t.setDaemon(true);
            return t;
          });
  private long startMs;
  private long planned;
  private int next;

  private FaultLoad(
      int rate,
      Duration duration,
      Supplier<List<String>> targets,
      java.util.function.LongFunction<String> customerOf) {
    if (rate < 1 || rate > 5000) {
      throw new IllegalArgumentException("rate must be 1..5000 req/s, not " + rate);
    }
    if (duration.isNegative() || duration.toSeconds() > 600) {
      throw new IllegalArgumentException("duration must be 0..600 s, not " + duration);
    }
    this.rate = rate;
    this.duration = duration;
    this.targets = targets;
    this.customerOf = customerOf;
  }

  /** Starts {@code rate} quotes a second for {@code duration}; {@link #await} for the result. */
  public static FaultLoad start(
      int rate,
      Duration duration,
      Supplier<List<String>> targets,
      List<String> customers,
      long seed) {
    if (customers.isEmpty()) {
      throw new IllegalArgumentException("no customers to quote");
    }
    List<String> known = List.copyOf(customers);
    Random random = new Random(seed); // the ticker's thread only
    return start(
        new FaultLoad(rate, duration, targets, i -> known.get(random.nextInt(known.size()))));
  }

  /**
   * As {@link #start}, each quote for a customer of its own: the {@code i}-th arrival (from 0)
   * quotes {@code customerOf.apply(i)}, so the load never repeats a customer.
   */
  public static FaultLoad startDistinct(
      int rate,
      Duration duration,
      Supplier<List<String>> targets,
      java.util.function.LongFunction<String> customerOf) {
    return start(new FaultLoad(rate, duration, targets, customerOf));
  }

  private static FaultLoad start(FaultLoad load) {
    load.startMs = System.currentTimeMillis();
    load.ticker.scheduleAtFixedRate(load::tick, 0, TICK_MS, TimeUnit.MILLISECONDS);
    return load;
  }

  /** When the first arrival was planned (epoch ms). */
  public long startMs() {
    return startMs;
  }

  // the ticker's thread only: every arrival due by now, each with its planned time
  private void tick() {
    long now = System.currentTimeMillis();
    long elapsed = Math.min(now - startMs, duration.toMillis());
    long due = elapsed * rate / 1000;
    while (planned < due) {
      long plannedMs = startMs + planned * 1000 / rate;
      String customer = customerOf.apply(planned);
      planned++;
      send(plannedMs, customer);
    }
    if (now - startMs >= duration.toMillis()) {
      ticker.shutdown();
      done.countDown();
    }
  }

  private void send(long plannedMs, String customer) {
    List<String> rotation = targets.get();
    long sentMs = System.currentTimeMillis();
    if (rotation.isEmpty()) {
      // nobody in the rotation: the balancer has nowhere to send it (a 503 of its own)
      sent.add(new Sent(plannedMs, sentMs, "", customer, 503, "", 0));
      return;
    }
    String target = rotation.get(Math.floorMod(next++, rotation.size()));
    outstanding.incrementAndGet();
    Http.postAsync(target + "/v1/quotes", QuoteRequests.body(customer, "life"))
        .whenComplete(
            (r, e) -> {
              int status = e == null ? r.status() : 0;
              String origin = e == null ? origin(r.body()) : "";
              long latency = e == null ? r.latencyMs() : System.currentTimeMillis() - sentMs;
              sent.add(new Sent(plannedMs, sentMs, target, customer, status, origin, latency));
              outstanding.decrementAndGet();
            });
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

  /** Waits (bounded) for the planned end and the answers in flight, and returns what was seen. */
  public Result await() throws InterruptedException {
    done.await(duration.toMillis() + 5_000, TimeUnit.MILLISECONDS);
    ticker.shutdownNow();
    long deadline = System.currentTimeMillis() + DRAIN_SEC * 1000L;
    while (outstanding.get() > 0 && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    List<Sent> all = new ArrayList<>(sent);
    all.sort((a, b) -> Long.compare(a.plannedMs(), b.plannedMs()));
    return new Result(rate, startMs, startMs + duration.toMillis(), all, outstanding.get());
  }

  /**
   * What the load saw.
   *
   * @param rate the target, req/s
   * @param startMs the first planned arrival (epoch ms)
   * @param endMs the planned end (epoch ms)
   * @param sent every quote sent, by planned time
   * @param unanswered quotes still without an answer when the wait ended
   */
  public record Result(int rate, long startMs, long endMs, List<Sent> sent, long unanswered) {

    /** Quotes sent. */
    public long requests() {
      return sent.size() + unanswered;
    }

    /** Answers other than 200 (a connection failure counts as status 0), and the unanswered. */
    public long errors() {
      return count(s -> s.status() != 200) + unanswered;
    }

    /** Answers matching {@code p}. */
    public long count(Predicate<Sent> p) {
      return sent.stream().filter(p).count();
    }

    /** The achieved arrival rate over the planned length, req/s. */
    public double achievedRate() {
      double sec = Math.max(0.001, (endMs - startMs) / 1000.0);
      return requests() / sec;
    }

    /** The largest delay between an arrival's planned and actual send time, ms. */
    public long maxLagMs() {
      return sent.stream().mapToLong(s -> s.sentMs() - s.plannedMs()).max().orElse(0);
    }

    /** Error answers by status, e.g. {503=12, 0=3}. */
    public Map<Integer, Long> errorsByStatus() {
      Map<Integer, Long> by = new TreeMap<>();
      sent.stream()
          .filter(s -> s.status() != 200)
          .forEach(s -> by.merge(s.status(), 1L, Long::sum));
      return by;
    }

    /** Successful answers by origin. */
    public Map<String, Long> origins() {
      Map<String, Long> by = new TreeMap<>();
      sent.stream()
          .filter(s -> s.status() == 200)
          .forEach(s -> by.merge(s.origin(), 1L, Long::sum));
      return by;
    }

    /** From {@code faultEndMs} to the last error answer that came after it, s; 0 when none did. */
    public double recoverSec(long faultEndMs) {
      long last =
          sent.stream()
              .filter(s -> s.status() != 200)
              .mapToLong(Sent::answeredMs)
              .filter(t -> t > faultEndMs)
              .max()
              .orElse(faultEndMs);
      return (last - faultEndMs) / 1000.0;
    }

    /**
     * The {@code q}-quantile (0..1, nearest rank) of the latencies of the answers sent in {@code
     * [fromMs, toMs)}, ms; 0 when none was.
     */
    public long latencyQuantile(double q, long fromMs, long toMs) {
      long[] ms =
          sent.stream()
              .filter(s -> s.sentMs() >= fromMs && s.sentMs() < toMs)
              .mapToLong(Sent::latencyMs)
              .sorted()
              .toArray();
      if (ms.length == 0) {
        return 0;
      }
      int rank = (int) Math.ceil(q * ms.length);
      return ms[Math.max(0, Math.min(ms.length - 1, rank - 1))];
    }

    /** The error share, %. */
    public double errorPct() {
      return requests() == 0 ? 0 : 100.0 * errors() / requests();
    }

    /** One line: sent, achieved rate, lag, errors by status, answers by origin. */
    public String summary() {
      return String.format(
          java.util.Locale.ROOT,
          "%d quotes at %d req/s (achieved %.1f, lag max %d ms), %d errors (%.2f %%%s)%s, answers %s",
          requests(),
          rate,
          achievedRate(),
          maxLagMs(),
          errors(),
          errorPct(),
          errorsByStatus().isEmpty() ? "" : ", by status " + errorsByStatus(),
          unanswered == 0 ? "" : ", " + unanswered + " unanswered",
          origins());
    }
  }
}
