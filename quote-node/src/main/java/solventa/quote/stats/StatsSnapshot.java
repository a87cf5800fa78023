package solventa.quote.stats;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import solventa.adapter.AdapterSnapshot;
import solventa.signals.Origin;

/**
 * The node's statistics as served by {@code GET /quote/stats}: the one type that the node
 * serializes and the runner parses, so the two cannot disagree on a field name. Counters are since
 * the last stats reset; {@code providerCallsTotal} and {@code process} since the JVM started.
 * {@code overBudget} counts the quotes for customers new to the node answered without a provider
 * call because their partner's budget of such calls was spent (DEFAULT in an arm that falls back,
 * also counted there; 429 in the others, also counted as refused).
 */
public record StatsSnapshot(
    String arm,
    Quotes quotes,
    long cacheHits,
    long cacheMisses,
    long staleReads,
    long providerCalls,
    long providerCallsTotal,
    long fetchRequests,
    long coalescedWaiters,
    long redisErrors,
    long unflushed,
    long refusedFromMemory,
    long refreshDeferred,
    long refreshAhead,
    long overBudget,
    long traceDropped,
    long sacrificed,
    Map<String, Long> shed,
    int activeEntities,
    List<Long> sacrificedAtMs,
    Percentiles latency,
    Percentiles cachedLatency,
    Percentiles providerLatency,
    Percentiles ratingCost,
    Percentiles budgetExpired,
    AdapterSnapshot adapter,
    Process process) {

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** Answers by origin, plus errors and edge refusals; keys are the {@link Origin} names. */
  public record Quotes(
      @JsonProperty("FRESH") long fresh,
      @JsonProperty("CACHED") long cached,
      @JsonProperty("STALE") long stale,
      @JsonProperty("DEFAULT") long dflt,
      long errors,
      long refused) {

    public long of(Origin o) {
      return switch (o) {
        case FRESH -> fresh;
        case CACHED -> cached;
        case STALE -> stale;
        case DEFAULT -> dflt;
      };
    }

    /** Every request counted here: the answers of each origin, errors and edge refusals. */
    public long total() {
      return fresh + cached + stale + dflt + errors + refused;
    }
  }

  /** A latency distribution in ms; with {@code count} 0 the percentiles mean nothing. */
  public record Percentiles(
      String unit, long count, double p50, double p95, double p99, double max) {
    @JsonIgnore
    public boolean isEmpty() {
      return count == 0;
    }
  }

  /**
   * The JVM's own counters, never reset: CPU time of all threads ({@code null} where the JVM does
   * not expose it), threads started, live threads, uptime, processors, heap in use, the JIT
   * compilers' accumulated compilation time ({@code null} where the JVM does not monitor it), the
   * heap in use right after the last garbage collection ({@code null} before the first), and the
   * open and the most file descriptors ({@code null} where the JVM does not expose them). A soak
   * watches the last three for growth.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Process(
      Long cpuNanos,
      long threadsStarted,
      int liveThreads,
      long uptimeMs,
      int processors,
      long heapUsedBytes,
      Long jitMillis,
      Long heapAfterGcBytes,
      Long openFileDescriptors,
      Long maxFileDescriptors) {

    /** Without the readings a soak watches (an older node's stats). */
    public Process(
        Long cpuNanos,
        long threadsStarted,
        int liveThreads,
        long uptimeMs,
        int processors,
        long heapUsedBytes,
        Long jitMillis) {
      this(
          cpuNanos,
          threadsStarted,
          liveThreads,
          uptimeMs,
          processors,
          heapUsedBytes,
          jitMillis,
          null,
          null,
          null);
    }
  }

  /**
   * The node's service times since the previous {@code POST /quote/stats/interval} (ms; {@code p99}
   * and {@code max} absent when no quote ended in it).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Interval(long count, Double p99, Double max) {
    public static Interval parse(String json) throws IOException {
      return MAPPER.readValue(json, Interval.class);
    }

    public String toJson() {
      return write(this);
    }
  }

  public ObjectNode toJsonTree() {
    return MAPPER.valueToTree(this);
  }

  public String toJson() {
    return write(this);
  }

  public static StatsSnapshot parse(String json) throws IOException {
    return MAPPER.readValue(json, StatsSnapshot.class);
  }

  public static StatsSnapshot parse(JsonNode tree) throws IOException {
    return MAPPER.treeToValue(tree, StatsSnapshot.class);
  }

  private static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (IOException e) {
      throw new IllegalStateException("stats are not serializable", e);
    }
  }
}
