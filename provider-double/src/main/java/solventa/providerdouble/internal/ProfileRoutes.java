package solventa.providerdouble.internal;

import static org.apache.pekko.http.javadsl.server.PathMatchers.segment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.server.AllDirectives;
import org.apache.pekko.http.javadsl.server.Route;
import solventa.providerdouble.BodyMode;
import solventa.providerdouble.Customer;
import solventa.providerdouble.CustomerUniverse;

/**
 * {@code GET /open-banking/profile-bundle/v1/customers/{customerId}}: the provider API.
 *
 * <p>A well-formed call for a known customer takes its draw (delay + status) from {@link
 * DoubleState}, builds the response at once and hands it to the HTTP layer when the delay is due,
 * by a task on the double's timer: nothing waits on a thread. Bad ids are answered at once (no draw
 * is taken, so they never shift the latency sequence). Before anything else, the call counts
 * against its client credential's quota ({@link ClientQuota}, off by default): past it, 429 {@code
 * TOO_MANY_REQUESTS} with {@code Retry-After}, at once and without a draw.
 */
public final class ProfileRoutes extends AllDirectives {

  public static final String PATH = "/open-banking/profile-bundle/v1/customers/";

  /** Bench diagnostics on every delayed response: sample index k since the latency change. */
  public static final String SAMPLE_HEADER = "x-double-sample";

  /** The latency profile the call was sampled from. */
  public static final String PROFILE_HEADER = "x-double-profile";

  /** The call's intended application delay in ms (the sample). */
  public static final String DELAY_HEADER = "x-double-delay-ms";

  private final CustomerUniverse universe;
  private final DoubleState state;
  private final ScheduledExecutorService timer;
  private final LagRecorder lag;
  private final Counters counters;
  private final Clock clock;
  private final AtomicReference<String> selfBase;
  private final Set<String> noConsent;
  private final ClientQuota quota;

  public ProfileRoutes(
      CustomerUniverse universe,
      DoubleState state,
      ScheduledExecutorService timer,
      LagRecorder lag,
      Counters counters,
      Clock clock,
      AtomicReference<String> selfBase,
      Set<String> noConsent,
      ClientQuota quota) {
    this.universe = universe;
    this.state = state;
    this.timer = timer;
    this.lag = lag;
    this.counters = counters;
    this.clock = clock;
    this.selfBase = selfBase;
    this.noConsent = noConsent;
    this.quota = quota;
  }

  public Route route() {
    return pathPrefix(
        segment("open-banking").slash("profile-bundle").slash("v1").slash("customers"),
        () ->
            path(
                segment(),
                customerId ->
                    get(
                        () ->
                            optionalHeaderValueByName(
                                "Authorization",
                                credential ->
                                    optionalHeaderValueByName(
                                        "x-fapi-interaction-id",
                                        interaction ->
                                            metered(customerId, credential, interaction))))));
  }

  /** The call counted against its credential's quota first: past it, 429 at once. */
  private Route metered(
      String customerId, Optional<String> credential, Optional<String> interaction) {
    Optional<java.time.Duration> wait = quota.take(credential.orElse(null));
    if (wait.isEmpty()) {
      return profile(customerId, interaction);
    }
    counters.count(429);
    return complete(
        withInteraction(
                tooManyRequests(), interaction.orElseGet(() -> UUID.randomUUID().toString()))
            .addHeader(
                RawHeader.create(
                    "Retry-After", Long.toString(ClientQuota.retryAfterSeconds(wait.get())))));
  }

  private HttpResponse tooManyRequests() {
    return Responses.openFinanceError(
        StatusCodes.TOO_MANY_REQUESTS,
        "TOO_MANY_REQUESTS",
        "Too Many Requests",
        "A operação foi recusada, pois muitas solicitações foram feitas dentro de um"
            + " determinado período.",
        clock);
  }

  private Route profile(String customerId, Optional<String> interaction) {
    long arrival = System.nanoTime();
    String interactionId = interaction.orElseGet(() -> UUID.randomUUID().toString());
    if (!CustomerUniverse.wellFormed(customerId)) {
      counters.count(400);
      return complete(
          withInteraction(
              Responses.openFinanceError(
                  StatusCodes.BAD_REQUEST,
                  "PARAMETRO_INVALIDO",
                  "Parâmetro inválido",
                  "customerId '" + customerId + "' must be 'c' followed by 8 digits",
                  clock),
              interactionId));
    }
    Optional<Customer> customer = universe.find(customerId);
    if (customer.isEmpty()) {
      counters.count(400);
      return complete(
          withInteraction(
              Responses.openFinanceError(
                  StatusCodes.BAD_REQUEST,
                  "CLIENTE_DESCONHECIDO",
                  "Cliente desconhecido",
                  "customerId '"
                      + customerId
                      + "' is not in the universe c00000000.."
                      + CustomerUniverse.idOf(universe.size() - 1),
                  clock),
              interactionId));
    }
    if (noConsent.contains(customerId)) {
      counters.count(403);
      return complete(
          withInteraction(
              Responses.openFinanceError(
                  StatusCodes.FORBIDDEN,
                  "CONSENTIMENTO_INVALIDO",
                  "Consentimento inválido",
                  "no active consent covers this customer's data",
                  clock),
              interactionId));
    }
    DoubleState.Draw draw = state.next();
    HttpResponse response =
        withInteraction(build(customer.get(), draw), interactionId)
            .addHeader(RawHeader.create(SAMPLE_HEADER, Long.toString(draw.index())))
            .addHeader(RawHeader.create(PROFILE_HEADER, draw.profile()))
            .addHeader(
                RawHeader.create(DELAY_HEADER, String.format(Locale.ROOT, "%.3f", draw.delayMs())));
    long intended = arrival + Math.round(draw.delayMs() * 1_000_000.0);
    CompletableFuture<HttpResponse> due = new CompletableFuture<>();
    counters.started();
    timer.schedule(
        () -> {
          lag.record(System.nanoTime() - intended);
          counters.finished(draw.status());
          due.complete(response);
        },
        intended - System.nanoTime(),
        TimeUnit.NANOSECONDS);
    return completeWithFuture(due);
  }

  private HttpResponse build(Customer customer, DoubleState.Draw draw) {
    return switch (draw.status()) {
      case 200 -> {
        ObjectNode body = Responses.MAPPER.createObjectNode();
        if (draw.bodyMode() == BodyMode.WRONG_SCHEMA) {
          // another endpoint's shape: data is an array of identifications, not the bundle
          body.putArray("data").add(universe.data(customer).path("identification"));
        } else if (draw.bodyMode() == BodyMode.RENAMED_SECTIONS) {
          // data an object still, its sections under names the contract does not have
          ObjectNode data = body.putObject("data");
          universe
              .data(customer)
              .fields()
              .forEachRemaining(
                  f ->
                      data.set(
                          BodyMode.RENAMED.getOrDefault(f.getKey(), f.getKey()), f.getValue()));
        } else {
          body.set("data", universe.data(customer));
        }
        body.putObject("links").put("self", selfBase.get() + PATH + customer.id());
        body.set("meta", Responses.meta(clock));
        yield Responses.json(StatusCodes.OK, body);
      }
      case 429 -> {
        HttpResponse tooMany = tooManyRequests();
        yield draw.retryAfterSec() > 0
            ? tooMany.addHeader(
                RawHeader.create("Retry-After", Integer.toString(draw.retryAfterSec())))
            : tooMany;
      }
      case 504 ->
          Responses.openFinanceError(
              StatusCodes.GATEWAY_TIMEOUT,
              "GATEWAY_TIMEOUT",
              "Gateway Timeout",
              "A requisição não foi atendida dentro do tempo limite estabelecido.",
              clock);
      case 529 ->
          Responses.openFinanceError(
              Responses.SITE_IS_OVERLOADED,
              "SITE_IS_OVERLOADED",
              "Site is overloaded",
              "O site está sobrecarregado e a operação foi recusada.",
              clock);
      default -> throw new IllegalStateException("no response for status " + draw.status());
    };
  }

  private static HttpResponse withInteraction(HttpResponse response, String interactionId) {
    return response.addHeader(RawHeader.create("x-fapi-interaction-id", interactionId));
  }
}
