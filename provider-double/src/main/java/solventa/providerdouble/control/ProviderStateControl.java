package solventa.providerdouble.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.providerdouble.BodyMode;
import solventa.providerdouble.ErrorShares;
import solventa.providerdouble.HealthyTail;
import solventa.providerdouble.LatencyProfile;
import solventa.vocabulary.ProviderState;

/**
 * Bench control: puts the provider into one of the {@link ProviderState}s of the experiment card
 * (Provider states) by setting the double's latency profile (its admin API) and the toxics on the
 * Toxiproxy proxy between the adapter and the double. Hot: nothing is restarted, so the system
 * under test keeps its cache and breaker state.
 *
 * <p>Blocking by design (java.net.http + toxiproxy-java, synchronous): it is called from the bench
 * runner's or a test's thread, never from the service path.
 *
 * <p>Every {@link #apply} first removes all toxics on the proxy, then sets the double, then adds
 * the new state's toxics. UNRESPONSIVE and DOWN leave the double's profile as it was (no traffic
 * reaches it). RECOVERY removes the toxics at once, puts the double at the degraded profile (the
 * walk's last application latency: degraded, then unresponsive and down, which reach no
 * application) and schedules the healthy profile after the window. The degraded profile is set, not
 * inherited: whatever ran between the outage and the recovery (a runner settling its node at
 * healthy, say), the provider comes back slow and turns healthy only when the window ends.
 */
public final class ProviderStateControl {

  /**
   * the experiment card (Provider states): recovery returns to healthy after 30 s unless told
   * otherwise.
   */
  public static final Duration DEFAULT_RECOVERY_WINDOW = Duration.ofSeconds(30);

  /**
   * The network latency DEGRADED adds on top of the double's own (the experiment card (Provider
   * states)).
   */
  public static final long DEGRADED_NETWORK_LATENCY_MS = 150;

  static final String LATENCY_TOXIC = "ha01-latency";
  static final String TIMEOUT_UP_TOXIC = "ha01-timeout-up";
  static final String TIMEOUT_DOWN_TOXIC = "ha01-timeout-down";
  static final String RESET_TOXIC = "ha01-reset-peer";
  static final String LIMIT_DATA_TOXIC = "ha01-limit-data";
  static final String SLICER_TOXIC = "ha01-slicer";

  private static final Logger log = LoggerFactory.getLogger(ProviderStateControl.class);
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

  private final URI admin;
  private final Proxy proxy;
  private final String bearer;
  private final HttpClient http;

  /**
   * @param doubleBaseUri the double's base URL ({@code http://127.0.0.1:PORT}, direct, not through
   *     the proxy); a trailing {@code /admin} is accepted too
   * @param proxy the Toxiproxy proxy between the adapter and the double
   * @param adminToken the double's admin token, presented as a bearer token on every change
   */
  public ProviderStateControl(URI doubleBaseUri, Proxy proxy, String adminToken) {
    String base = doubleBaseUri.toString().replaceAll("/+$", "");
    if (base.endsWith("/admin")) {
      base = base.substring(0, base.length() - "/admin".length());
    }
    this.admin = URI.create(base + "/admin/");
    this.proxy = proxy;
    this.bearer = "Bearer " + adminToken;
    this.http = HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();
  }

  /** {@link #apply(ProviderState, Duration)} with the default 30 s recovery window. */
  public void apply(ProviderState state) {
    apply(state, DEFAULT_RECOVERY_WINDOW);
  }

  /**
   * Puts the provider in {@code state}; {@code recoveryWindow} only matters for RECOVERY.
   *
   * @throws UncheckedIOException if Toxiproxy or the double cannot be reached
   * @throws IllegalStateException if the double rejects the change
   */
  public void apply(ProviderState state, Duration recoveryWindow) {
    if (recoveryWindow.isNegative()) {
      throw new IllegalArgumentException("recoveryWindow must be >= 0, was " + recoveryWindow);
    }
    try {
      removeAllToxics();
      switch (state) {
        case HEALTHY -> setProfile("healthy", 0);
        case SLOW -> setProfile("slow", 0);
        case DEGRADED -> {
          setProfile("degraded", 0);
          proxy
              .toxics()
              .latency(LATENCY_TOXIC, ToxicDirection.DOWNSTREAM, DEGRADED_NETWORK_LATENCY_MS);
        }
        case UNRESPONSIVE -> {
          // both ways: new requests never reach the double, answers already on their way stop
          proxy.toxics().timeout(TIMEOUT_UP_TOXIC, ToxicDirection.UPSTREAM, 0);
          proxy.toxics().timeout(TIMEOUT_DOWN_TOXIC, ToxicDirection.DOWNSTREAM, 0);
        }
        // upstream: the reset fires at the request's first byte, not when the double answers
        case DOWN -> proxy.toxics().resetPeer(RESET_TOXIC, ToxicDirection.UPSTREAM, 0);
        case RECOVERY -> {
          setProfile("degraded", 0);
          setProfile("healthy", recoveryWindow.toMillis());
        }
      }
      log.info("provider state {} (proxy {})", state, proxy.getName());
    } catch (IOException e) {
      throw new UncheckedIOException("could not apply provider state " + state, e);
    }
  }

  /**
   * Sets the double's application latency to {@code profile} at once, leaving the network as it is:
   * the runner's seeding fetches its customers' profiles at a fast custom latency, then puts the
   * provider's state back ({@link #apply}).
   */
  public void setLatency(LatencyProfile profile) {
    send(
        "PUT",
        "latency",
        MAPPER
            .createObjectNode()
            .put("medianMs", profile.medianMs())
            .put("p99Ms", profile.p99Ms())
            .put("afterMs", 0)
            .toString());
  }

  /** Sets the double's error shares (each 0..1, sum <= 1); its 429s carry Retry-After: 1. */
  public void setErrors(double share429, double share504, double share529) {
    setErrors(share429, share504, share529, ErrorShares.DEFAULT_RETRY_AFTER_SEC);
  }

  /**
   * Sets the double's error shares (each 0..1, sum <= 1) and the {@code Retry-After} its 429s carry
   * (whole seconds; 0 leaves the header out).
   */
  public void setErrors(double share429, double share504, double share529, int retryAfterSec) {
    com.fasterxml.jackson.databind.node.ObjectNode body =
        MAPPER
            .createObjectNode()
            .put("share429", share429)
            .put("share504", share504)
            .put("share529", share529)
            .put("retryAfterSec", retryAfterSec);
    send("PUT", "errors", body.toString());
  }

  /**
   * How the double reads the healthy "tail up to 200 ms" from now on: as the p99 (the card's
   * reading in this lab) or the p95 (a heavier tail, the same median). A healthy profile in force
   * or pending (a recovery's) is re-read at once; every later {@link ProviderState#HEALTHY} and
   * recovery sets the healthy profile under this reading.
   */
  public void setHealthyTail(HealthyTail tail) {
    send(
        "PUT",
        "healthy-tail",
        MAPPER.createObjectNode().put("reading", tail.configName()).toString());
  }

  /**
   * The provider's quota per client credential from now on: at most {@code callsPerSecond} calls in
   * each second per credential, then 429 with {@code Retry-After} (0: no quota). Every credential
   * starts afresh, and the refusal count restarts at 0.
   */
  public void setQuota(int callsPerSecond) {
    send(
        "PUT", "quota", MAPPER.createObjectNode().put("callsPerSecond", callsPerSecond).toString());
  }

  /** The calls the double's quota answered 429 since the quota was last set. */
  public long quotaRefused() {
    return doubleState().path("quota").path("refusedSinceChange").asLong();
  }

  /** What the double's 200s carry from now on: the contract's body or another schema. */
  public void setBody(BodyMode mode) {
    send("PUT", "body", MAPPER.createObjectNode().put("mode", mode.configName()).toString());
  }

  /**
   * Bodies cut short: removes every toxic, then Toxiproxy {@code limit_data} closes each connection
   * once {@code bytes} have gone from the double to the adapter (headers included), so an answer
   * larger than that arrives truncated. The double's state is left as it is.
   */
  public void truncateBodies(long bytes) {
    try {
      removeAllToxics();
      proxy.toxics().limitData(LIMIT_DATA_TOXIC, ToxicDirection.DOWNSTREAM, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("could not add " + LIMIT_DATA_TOXIC, e);
    }
  }

  /**
   * Slow bodies: removes every toxic, then Toxiproxy {@code slicer} hands the double's bytes on in
   * slices of about {@code sliceBytes}, {@code delayMicros} apart (headers first, then the body).
   * The double's state is left as it is.
   */
  public void dripBodies(long sliceBytes, long delayMicros) {
    try {
      removeAllToxics();
      proxy.toxics().slicer(SLICER_TOXIC, ToxicDirection.DOWNSTREAM, sliceBytes, delayMicros);
    } catch (IOException e) {
      throw new UncheckedIOException("could not add " + SLICER_TOXIC, e);
    }
  }

  /** The double's lag since its last reset. */
  public LagSnapshot lag() {
    return lagFrom(send("GET", "lag", null));
  }

  /** Clears the double's lag histogram (before a probe or a run). */
  public void resetLag() {
    send("POST", "lag/reset", "");
  }

  /**
   * Whether the double keeps up: it has measured some responses since the last {@link #resetLag()}
   * and their lag p99 is at most {@code maxLagP99}. With no samples the answer is {@code false}:
   * there is no evidence yet, so drive some load at the target rate first.
   */
  public boolean isKeepingUp(Duration maxLagP99) {
    return lag().keepingUp(maxLagP99);
  }

  /** The double's {@code GET /admin/state} body (profile, pending change, error shares, seed). */
  public JsonNode doubleState() {
    return send("GET", "state", null);
  }

  private void removeAllToxics() throws IOException {
    for (Toxic toxic : proxy.toxics().getAll()) {
      toxic.remove();
    }
  }

  private void setProfile(String profile, long afterMs) {
    send(
        "PUT",
        "latency",
        MAPPER.createObjectNode().put("profile", profile).put("afterMs", afterMs).toString());
  }

  private static LagSnapshot lagFrom(JsonNode n) {
    return new LagSnapshot(
        n.path("count").asLong(),
        n.path("p50Ms").asDouble(),
        n.path("p99Ms").asDouble(),
        n.path("maxMs").asDouble());
  }

  private JsonNode send(String method, String path, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(admin.resolve(path))
            .timeout(CALL_TIMEOUT)
            .header("Authorization", bearer)
            .header("Content-Type", "application/json");
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            method
                + " "
                + admin.resolve(path)
                + " answered "
                + response.statusCode()
                + ": "
                + response.body());
      }
      return MAPPER.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + admin.resolve(path) + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted calling the double's admin API", e);
    }
  }
}
