package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * {@code docs/openapi.yaml} against a real node over loopback, both ways. Every answer goes through
 * {@link NodeTestBed}, which holds it to the document ({@link OpenApiContract}: status, media type,
 * headers and body, by Atlassian's OpenAPI validator). Here the requests come from the document:
 * each line's example request, then one change per rule (a required field left out, a field the
 * schema does not have, each type, pattern, enum and bound broken, an exponent, another line's
 * insured object). The validator says whether the document calls each request valid, and the node
 * must agree: a valid one is never refused (400), an invalid one is a 400 naming the broken field.
 */
class OpenApiContractIT {
  static JsonNode doc;
  static NodeTestBed lab;
  static QuoteNode node;

  @BeforeAll
  static void startAll() throws IOException {
    doc = new YAMLMapper().readTree(Files.readString(OpenApiContract.DOC));
    lab = NodeTestBed.start();
    node =
        NodeTestBed.node(lab.overrides(Arm.C, lab.proxy("openapi"), "openapi:"), Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  /**
   * One request made from the document, and the field a 400 must name (null: valid). {@code
   * textual}: the rule it breaks is on how a number is written (an exponent), which JSON Schema
   * cannot say (it reads values, not their text); the document's description says it.
   */
  record Made(String what, String body, String brokenField, boolean textual) {
    Made(String what, String body, String brokenField) {
      this(what, body, brokenField, false);
    }
  }

  @Test
  void theNodeAndTheDocumentAgreeOnEveryRequestMadeFromIt() {
    List<String> disagreements = new ArrayList<>();
    List<Made> made = requests();
    long before = OpenApiContract.checked();
    for (Made m : made) {
      List<String> spec = OpenApiContract.requestViolations("/v1/quotes", m.body());
      boolean specValid = spec.isEmpty();
      if (!m.textual() && specValid != (m.brokenField() == null)) {
        disagreements.add(
            m.what() + ": the document calls it " + (specValid ? "valid" : "invalid " + spec));
        continue;
      }
      NodeTestBed.Answer a = NodeTestBed.post(node.httpPort(), "/v1/quotes", m.body());
      String where = m.what() + " → " + a.status() + " " + a.body();
      if (a.status() >= 400 && !a.json().path("quoteId").asText().startsWith("q-")) {
        disagreements.add(where + ": a problem of a read quote body without its quoteId");
      }
      if (m.brokenField() == null) {
        if (a.status() == 400) {
          disagreements.add(where + ": a request the document calls valid was refused");
        }
      } else if (a.status() != 400) {
        disagreements.add(where + ": an invalid request must be a 400");
      } else if (!a.json().path("field").asText().equals(m.brokenField())) {
        disagreements.add(where + ": the problem must name " + m.brokenField());
      }
    }
    for (String path : List.of("/health", "/ready")) {
      assertThat(NodeTestBed.get(node.httpPort(), path).status()).isEqualTo(200);
    }
    System.out.println(
        "FIGURE openapi: "
            + made.size()
            + " requests made from docs/openapi.yaml, "
            + (OpenApiContract.checked() - before)
            + " answers validated against it, disagreements "
            + disagreements);
    assertThat(disagreements).isEmpty();
    assertThat(made).hasSizeGreaterThan(40);
    assertThat(OpenApiContract.checked() - before).isGreaterThanOrEqualTo(made.size() / 2);
  }

  /** An answer the document does not allow fails the test that received it, naming why. */
  @Test
  void anAnswerOutsideTheDocumentIsNamed() {
    var ok =
        new OpenApiContract.Exchange(
            "GET", "/health", 200, "application/json", java.util.Map.of(), "{\"status\":\"UP\"}");
    assertThat(OpenApiContract.violations(ok)).isEmpty();
    var wrong =
        new OpenApiContract.Exchange(
            "GET", "/health", 200, "application/json", java.util.Map.of(), "{\"status\":\"FINE\"}");
    assertThat(OpenApiContract.violations(wrong)).isNotEmpty();
    var undocumented =
        new OpenApiContract.Exchange(
            "POST", "/v1/quotes", 418, "application/problem+json", java.util.Map.of(), "{}");
    assertThat(OpenApiContract.violations(undocumented)).isNotEmpty();
    var noAllow =
        new OpenApiContract.Exchange(
            "TRACE", "/health", 405, "application/problem+json", java.util.Map.of(), "{}");
    assertThat(OpenApiContract.violations(noAllow))
        .containsExactly("a 405 without Allow (RFC 9110)");
  }

  // ---- requests from the document ----

  /** Each line's example, and one change of it per rule of its schema. */
  static List<Made> requests() {
    List<Made> out = new ArrayList<>();
    JsonNode mapping = doc.at("/components/schemas/QuoteRequest/discriminator/mapping");
    for (Iterator<String> lines = mapping.fieldNames(); lines.hasNext(); ) {
      String line = lines.next();
      JsonNode schema = resolve(mapping.path(line));
      ObjectNode valid = (ObjectNode) schema.path("example").deepCopy();
      out.add(new Made(line + ": the example", valid.toString(), null));
      for (JsonNode required : schema.path("required")) {
        out.add(
            change(
                valid,
                line + " without " + required.asText(),
                required.asText(),
                b -> b.remove(required.asText())));
      }
      out.add(
          change(valid, line + " with a field it has not", "discount", b -> b.put("discount", 1)));
      out.add(
          change(
              valid,
              line + " with another line",
              "lineOfBusiness",
              b -> b.put("lineOfBusiness", "boat")));
      for (String id : List.of("partnerId", "customerId")) {
        out.add(change(valid, line + " " + id + " empty", id, b -> b.put(id, "")));
        out.add(change(valid, line + " " + id + " a number", id, b -> b.put(id, 12)));
        out.add(change(valid, line + " " + id + " with a space", id, b -> b.put(id, "c 0000001")));
      }
      out.add(
          change(
              valid,
              line + " insuredObject a string",
              "insuredObject",
              b -> b.put("insuredObject", "x")));
      JsonNode object = resolve(schema.path("properties").path("insuredObject"));
      String field = "insuredObject.";
      out.add(
          change(
              valid,
              line + " insured field it has not",
              field + "color",
              b -> insured(b).put("color", "red")));
      for (Iterator<String> fs = object.path("properties").fieldNames(); fs.hasNext(); ) {
        String f = fs.next();
        JsonNode rule = resolve(object.path("properties").path(f));
        out.add(
            change(valid, line + " without " + field + f, field + f, b -> insured(b).remove(f)));
        out.addAll(broken(valid, line, f, rule));
      }
    }
    // a line's object under another line: auto's fields are not home's
    ObjectNode auto = (ObjectNode) resolve(mapping.path("auto")).path("example").deepCopy();
    auto.put("lineOfBusiness", "home");
    out.add(new Made("auto's object under home", auto.toString(), "insuredObject.propertyValue"));
    return out;
  }

  /** One value per rule of a field that breaks it: type, enum, bounds, decimals, the exponent. */
  static List<Made> broken(ObjectNode valid, String line, String f, JsonNode rule) {
    String name = "insuredObject." + f;
    List<Made> out = new ArrayList<>();
    String what = line + " " + name + " = ";
    if (rule.has("enum")) {
      out.add(raw(valid, f, what + "\"thatch\"", "\"thatch\"", name));
      out.add(raw(valid, f, what + "1", "1", name));
      return out;
    }
    out.add(raw(valid, f, what + "a string", "\"100\"", name));
    if (rule.has("minimum")) {
      boolean exclusive = rule.path("exclusiveMinimum").asBoolean(false);
      String below =
          exclusive
              ? rule.path("minimum").asText()
              : String.valueOf(rule.path("minimum").asLong() - 1);
      out.add(raw(valid, f, what + below, below, name));
    }
    if (rule.has("maximum")) {
      boolean exclusive = rule.path("exclusiveMaximum").asBoolean(false);
      String above =
          exclusive
              ? rule.path("maximum").decimalValue().toPlainString()
              : String.valueOf(rule.path("maximum").asLong() + 1);
      out.add(raw(valid, f, what + above, above, name));
    }
    if ("integer".equals(rule.path("type").asText())) {
      out.add(raw(valid, f, what + "2000.5", "2000.5", name));
    } else {
      out.add(raw(valid, f, what + "100.00001", "100.00001", name));
      Made exponent = raw(valid, f, what + "1e3", "1e3", name);
      out.add(new Made(exponent.what(), exponent.body(), name, true));
    }
    return out;
  }

  private static Made change(ObjectNode valid, String what, String field, Consumer<ObjectNode> c) {
    ObjectNode b = valid.deepCopy();
    c.accept(b);
    return new Made(what, b.toString(), field);
  }

  /** The example with {@code insuredObject.f} written as the raw JSON {@code value}. */
  private static Made raw(ObjectNode valid, String f, String what, String value, String field) {
    ObjectNode b = valid.deepCopy();
    insured(b).put(f, "\u0000");
    return new Made(what, b.toString().replace("\"\\u0000\"", value), field);
  }

  private static ObjectNode insured(ObjectNode body) {
    return (ObjectNode) body.path("insuredObject");
  }

  static JsonNode resolve(JsonNode s) {
    JsonNode n = s;
    while (n.isTextual() || n.has("$ref")) {
      String ref = n.isTextual() ? n.asText() : n.path("$ref").asText();
      n = doc.at(ref.substring(1));
    }
    return n;
  }
}
