package solventa.providerdouble.internal;

import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;

/**
 * The double's {@code /metrics}, in the Prometheus text exposition format 0.0.4: its lag
 * self-check, its responses by status, the calls waiting for their delay, and the latency profile
 * in force.
 */
final class MetricsExposition {
  private MetricsExposition() {}

  /** Prometheus text exposition format 0.0.4. */
  static HttpResponse of(LagRecorder lag, DoubleState state, Counters counters) {
    LagRecorder.Summary s = lag.summary();
    DoubleState.Snapshot st = state.snapshot();
    StringBuilder m = new StringBuilder(1024);
    m.append("# HELP provider_double_lag_seconds Response hand-off time minus intended time.\n");
    m.append("# TYPE provider_double_lag_seconds summary\n");
    m.append("provider_double_lag_seconds{quantile=\"0.5\"} ")
        .append(s.p50Ms() / 1000)
        .append('\n');
    m.append("provider_double_lag_seconds{quantile=\"0.99\"} ")
        .append(s.p99Ms() / 1000)
        .append('\n');
    m.append("provider_double_lag_seconds{quantile=\"1.0\"} ")
        .append(s.maxMs() / 1000)
        .append('\n');
    m.append("provider_double_lag_seconds_sum ").append(s.sumMs() / 1000).append('\n');
    m.append("provider_double_lag_seconds_count ").append(s.count()).append('\n');
    m.append("# HELP provider_double_responses_total Provider API responses by status.\n");
    m.append("# TYPE provider_double_responses_total counter\n");
    counters
        .byStatus()
        .forEach(
            (status, n) ->
                m.append("provider_double_responses_total{status=\"")
                    .append(status)
                    .append("\"} ")
                    .append(n)
                    .append('\n'));
    m.append("# HELP provider_double_waiting Calls waiting for their sampled delay.\n");
    m.append("# TYPE provider_double_waiting gauge\n");
    m.append("provider_double_waiting ").append(counters.waiting()).append('\n');
    m.append("# HELP provider_double_latency_median_seconds Median of the profile in force.\n");
    m.append("# TYPE provider_double_latency_median_seconds gauge\n");
    m.append("provider_double_latency_median_seconds{profile=\"")
        .append(st.profile().name())
        .append("\"} ")
        .append(st.profile().medianMs() / 1000)
        .append('\n');
    m.append("# HELP provider_double_latency_p99_seconds p99 of the profile in force.\n");
    m.append("# TYPE provider_double_latency_p99_seconds gauge\n");
    m.append("provider_double_latency_p99_seconds{profile=\"")
        .append(st.profile().name())
        .append("\"} ")
        .append(st.profile().p99Ms() / 1000)
        .append('\n');
    return HttpResponse.create()
        .withEntity(HttpEntities.create(ContentTypes.TEXT_PLAIN_UTF8, m.toString()));
  }
}
