package solventa.gatling;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.currentLocation;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpDsl;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.stream.IntStream;
import solventa.vocabulary.InsuredObjects;
import solventa.vocabulary.QuoteRequestBody;

/** The requests the simulations send (a quote, or a bare GET), and the bookkeeping around them. */
public final class QuoteRequests {
  private static final Integer[] ANY_STATUS =
      IntStream.range(100, 600).boxed().toArray(Integer[]::new);

  private QuoteRequests() {}

  /** JSON body of a quote for the session's customer and line of business. */
  public static String body(Session s) {
    return body(s.getString("customerId"), s.getString("lineOfBusiness"));
  }

  /**
   * JSON body of a quote for {@code customerId} in {@code lineOfBusiness}. A customer of the
   * feeder's id form quoted in its own line sends its own insured object ({@link
   * InsuredObjects#of}), always the same, so the request reveals the customer's risk segment as a
   * partner's would and the customer's own premium never changes. Any other id, or a customer
   * quoted in a line not its own (the fault rows quote every customer as life), sends the line's
   * one constant object ({@link #constantBody}): the world gives a customer an object of its own
   * line only.
   */
  public static String body(String customerId, String lineOfBusiness) {
    return body(QuoteRequestBody.PARTNER, customerId, lineOfBusiness);
  }

  /** As {@link #body(String, String)}, sent by partner {@code partnerId}. */
  public static String body(String partnerId, String customerId, String lineOfBusiness) {
    int index = KeyFeeder.indexOf(customerId);
    return new QuoteRequestBody(
            partnerId,
            customerId,
            lineOfBusiness,
            index >= 0 && InsuredObjects.lineOf(index).equals(lineOfBusiness)
                ? InsuredObjects.of(index)
                : InsuredObjects.constant(lineOfBusiness))
        .json();
  }

  /**
   * JSON body of a quote for {@code customerId} in {@code lineOfBusiness} with the line's one
   * constant insured object ({@link InsuredObjects#constant}), whoever the customer: auto {@code
   * {"vehicleValue":85000, "vehicleYear":2021}}, home {@code {"propertyValue":450000,
   * "constructionType":"masonry"}}, life {@code {"insuredAmount":200000,"age":41}}. For a caller
   * that edits a valid body by its text and so must know exactly what it holds.
   */
  public static String constantBody(String customerId, String lineOfBusiness) {
    return QuoteRequestBody.of(customerId, lineOfBusiness, InsuredObjects.constant(lineOfBusiness))
        .json();
  }

  /**
   * The HTTP protocol for {@code baseUrl}: one quote API, or several separated by commas (the nodes
   * of a cluster), over which Gatling round-robins the requests.
   */
  public static HttpProtocolBuilder protocol(String baseUrl) {
    java.util.List<String> urls = StepParameters.baseUrls(baseUrl);
    return (urls.size() == 1 ? HttpDsl.http.baseUrl(urls.get(0)) : HttpDsl.http.baseUrls(urls))
        .disableWarmUp()
        .shareConnections()
        .contentTypeHeader("application/json")
        .acceptHeader("application/json");
  }

  /** The key kind recorded for a bare request ({@link #bare}): no customer, no quote. */
  public static final String BARE = "bare";

  /**
   * One quote; records send time, latency, status, origin, data age, premium and the node that
   * served it (the authority of the URL it was sent to) in the {@link RequestLog}.
   */
  public static ChainBuilder quote(RequestLog log) {
    return recorded(
        log, HttpDsl.http("quote").post("/v1/quotes").body(StringBody(QuoteRequests::body)));
  }

  /**
   * One {@code GET path} with no customer (the benchmark's framework floor), recorded like a quote
   * with key kind {@value #BARE}, no customer and no origin.
   */
  public static ChainBuilder bare(RequestLog log, String path) {
    return recorded(log, HttpDsl.http("bare").get(path));
  }

  // sends the request and records it: send time, latency, status, the answer's origin, data age and
  // premium (if it carried them), the session's key kind and customer (bare: none) and the node
  private static ChainBuilder recorded(RequestLog log, HttpRequestActionBuilder request) {
    return exec(s -> s.set("t0", System.currentTimeMillis()))
        .exec(
            request.check(
                status().in(ANY_STATUS).saveAs("status"),
                responseTimeInMillis().saveAs("rt"),
                currentLocation().saveAs("url"),
                jsonPath("$.profile.origin").optional().saveAs("origin"),
                jsonPath("$.profile.ageMs").optional().saveAs("ageMs"),
                jsonPath("$.premium.amount").optional().saveAs("premium"),
                status().is(200)))
        .exec(
            s -> {
              long t0 = s.getLong("t0");
              long rt = s.contains("rt") ? s.getInt("rt") : System.currentTimeMillis() - t0;
              int status = s.contains("status") ? s.getInt("status") : 0;
              String origin = s.contains("origin") ? s.getString("origin") : "";
              String age = s.contains("ageMs") ? s.getString("ageMs") : "";
              String node = s.contains("url") ? authority(s.getString("url")) : "";
              boolean keyed = s.contains("keyKind");
              log.record(
                  t0,
                  rt,
                  status,
                  origin,
                  age,
                  keyed ? s.getString("keyKind") : BARE,
                  keyed ? s.getString("customerId") : "",
                  node,
                  s.contains("premium") ? s.getString("premium") : "");
              return s;
            });
  }

  /** {@code 127.0.0.1:PORT} of a request URL: which node's quote API it was sent to. */
  static String authority(String url) {
    try {
      return java.net.URI.create(url).getRawAuthority();
    } catch (IllegalArgumentException e) {
      return "";
    }
  }
}
