package solventa.providerdouble.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.StatusCode;
import org.apache.pekko.http.javadsl.model.StatusCodes;

/** JSON bodies and the two error shapes: Open Finance for the provider API, problem for admin. */
public final class Responses {

  public static final ObjectMapper MAPPER = new ObjectMapper();

  /** 529 is not in the HTTP registry; Open Finance uses it for "site is overloaded". */
  public static final StatusCode SITE_IS_OVERLOADED =
      StatusCodes.custom(529, "Site is overloaded", "The site is overloaded.", false, true);

  private static final ContentType PROBLEM_JSON =
      MediaTypes.applicationWithFixedCharset(
              "problem+json", org.apache.pekko.http.javadsl.model.HttpCharsets.UTF_8)
          .toContentType();

  private Responses() {}

  public static StatusCode status(int code) {
    return code == 529 ? SITE_IS_OVERLOADED : StatusCodes.get(code);
  }

  public static HttpResponse json(StatusCode status, JsonNode body) {
    return HttpResponse.create()
        .withStatus(status)
        .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, bytes(body)));
  }

  public static byte[] bytes(JsonNode body) {
    try {
      return MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }

  /**
   * {@code {meta: {requestDateTime}}} with the time truncated to seconds, as the spec's pattern.
   */
  public static ObjectNode meta(Clock clock) {
    ObjectNode meta = MAPPER.createObjectNode();
    meta.put("requestDateTime", clock.instant().truncatedTo(ChronoUnit.SECONDS).toString());
    return meta;
  }

  /** The Open Finance error shape: {@code {errors: [{code, title, detail}], meta}}. */
  public static HttpResponse openFinanceError(
      StatusCode status, String code, String title, String detail, Clock clock) {
    ObjectNode body = MAPPER.createObjectNode();
    ObjectNode error = body.putArray("errors").addObject();
    error.put("code", code);
    error.put("title", title);
    error.put("detail", detail);
    body.set("meta", meta(clock));
    return json(status, body);
  }

  /** An RFC 9457 problem naming the offending field. */
  public static HttpResponse problem(int status, String title, String field, String detail) {
    ObjectNode body = MAPPER.createObjectNode();
    body.put("type", "about:blank");
    body.put("title", title);
    body.put("status", status);
    body.put("detail", detail);
    if (field != null) {
      body.put("field", field);
    }
    return HttpResponse.create()
        .withStatus(StatusCodes.get(status))
        .withEntity(HttpEntities.create(PROBLEM_JSON, bytes(body)));
  }
}
