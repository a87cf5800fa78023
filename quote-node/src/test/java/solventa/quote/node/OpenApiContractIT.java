package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * Schema-driven pass against {@code docs/openapi.yaml} (issue 14): for every documented operation,
 * requests generated from its schema — valid ones, and for {@code POST /v1/quotes} one invalid
 * request per constraint (each required property left out, each pattern, bound and type broken) —
 * are sent to a real node over loopback, and each answer must be a documented status of that
 * operation, with the documented media type and a body valid against the documented schema. An
 * invalid request must be a 400 whose problem names the broken field. The schema check covers the
 * subset of JSON Schema the document uses ({@link #validate}).
 */
class OpenApiContractIT {
  static final Path DOC = Path.of("..", "docs", "openapi.yaml");
  static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  static JsonNode doc;
  static NodeTestBed lab;
  static QuoteNode node;

  @BeforeAll
  static void startAll() throws IOException {
    doc = new YAMLMapper().readTree(Files.readString(DOC));
    lab = NodeTestBed.start();
    node =
        NodeTestBed.node(lab.overrides(Arm.C, lab.proxy("openapi"), "openapi:"), Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
  }

  @AfterAll
  static void stopAll() {
    if (node != null) {
      node.close();
    }
    if (lab != null) {
      lab.close();
    }
  }

  /** One request generated from the document, and the field a 400 must name (null: valid). */
  record Generated(String what, String body, String brokenField) {}

  @Test
  void everyDocumentedOperationAnswersAsDocumentedToValidAndInvalidRequests() throws Exception {
    List<String> violations = new ArrayList<>();
    int checked = 0;
    for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields();
        paths.hasNext(); ) {
      Map.Entry<String, JsonNode> p = paths.next();
      for (Iterator<Map.Entry<String, JsonNode>> ops = p.getValue().fields(); ops.hasNext(); ) {
        Map.Entry<String, JsonNode> op = ops.next();
        String method = op.getKey().toUpperCase(java.util.Locale.ROOT);
        List<Generated> requests =
            op.getValue().has("requestBody")
                ? generate(
                    resolve(
                        op.getValue()
                            .path("requestBody")
                            .path("content")
                            .path("application/json")
                            .path("schema")))
                : List.of(new Generated("no body", null, null));
        for (Generated g : requests) {
          NodeTestBed.Answer a =
              method.equals("GET")
                  ? NodeTestBed.get(node.httpPort(), p.getKey())
                  : NodeTestBed.post(node.httpPort(), p.getKey(), g.body());
          checked++;
          String where = method + " " + p.getKey() + " (" + g.what() + ") → " + a.status();
          check(op.getValue(), a, where, violations);
          // documented: every problem of a quote whose body was read carries its quote id
          if (method.equals("POST") && a.status() >= 400 && a.status() != 413) {
            if (!a.json().path("quoteId").asText().startsWith("q-")) {
              violations.add(where + ": a problem without its quoteId: " + a.body());
            }
          }
          if (g.brokenField() != null) {
            if (a.status() != 400) {
              violations.add(where + ": an invalid request must be a 400");
            } else if (!a.json().path("field").asText().equals(g.brokenField())) {
              violations.add(
                  where + ": the problem must name " + g.brokenField() + ": " + a.body());
            }
          } else if (a.status() >= 400 && a.status() < 500) {
            violations.add(where + ": a valid request was refused: " + a.body());
          }
        }
      }
    }
    System.out.println(
        "FIGURE openapi: "
            + checked
            + " requests from docs/openapi.yaml, violations "
            + violations);
    assertThat(violations).isEmpty();
    assertThat(checked).isGreaterThan(20);
  }

  /** The answer's status is documented for the operation, and its body fits the schema. */
  static void check(JsonNode op, NodeTestBed.Answer a, String where, List<String> violations) {
    JsonNode response = op.path("responses").path(String.valueOf(a.status()));
    if (response.isMissingNode()) {
      violations.add(where + ": status not documented: " + a.body());
      return;
    }
    JsonNode content = resolve(response).path("content");
    if (content.isMissingNode() || content.isEmpty()) {
      return;
    }
    String media = a.contentType().split(";")[0].trim();
    if (!content.has(media)) {
      violations.add(where + ": media type " + media + " not documented");
      return;
    }
    JsonNode body;
    try {
      body = JSON.readTree(a.body());
    } catch (IOException e) {
      violations.add(where + ": body is not JSON: " + a.body());
      return;
    }
    List<String> errors = new ArrayList<>();
    validate(resolve(content.path(media).path("schema")), body, "$", errors);
    errors.forEach(e -> violations.add(where + ": " + e + " in " + a.body()));
  }

  // ---- requests from the schema ----

  static List<Generated> generate(JsonNode schema) {
    List<Generated> out = new ArrayList<>();
    ObjectNode valid = (ObjectNode) example(schema);
    out.add(new Generated("valid, from the schema", valid.toString(), null));
    JsonNode props = schema.path("properties");
    for (JsonNode req : schema.path("required")) {
      ObjectNode b = valid.deepCopy();
      b.remove(req.asText());
      out.add(new Generated("without " + req.asText(), b.toString(), req.asText()));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode s = resolve(e.getValue());
      String name = e.getKey();
      if ("string".equals(s.path("type").asText())) {
        for (String bad : new String[] {"", "x".repeat(65), "bad id!"}) {
          if (s.has("pattern")
              && !Pattern.compile(s.path("pattern").asText()).matcher(bad).find()) {
            ObjectNode b = valid.deepCopy();
            b.put(name, bad);
            out.add(new Generated(name + " = \"" + shortly(bad) + "\"", b.toString(), name));
          }
        }
        ObjectNode b = valid.deepCopy();
        b.put(name, 12);
        out.add(new Generated(name + " a number", b.toString(), name));
      }
      if ("object".equals(s.path("type").asText())) {
        ObjectNode b = valid.deepCopy();
        b.put(name, "not an object");
        out.add(new Generated(name + " a string", b.toString(), name));
        // every number of the object is an Amount: break each of its bounds
        JsonNode amount = doc.path("components").path("schemas").path("Amount");
        JsonNode ex = s.path("example");
        for (Iterator<String> f = ex.fieldNames(); f.hasNext(); ) {
          String field = f.next();
          if (!ex.path(field).isNumber()) {
            continue;
          }
          for (String raw : amountBreakers(amount)) {
            String body = valid.toString().replace(ex.path(field).toString(), raw);
            out.add(new Generated(name + "." + field + " = " + raw, body, name + "." + field));
          }
        }
      }
    }
    return out;
  }

  /** Raw numbers that break the Amount schema: its bounds, its multipleOf, the exponent form. */
  static List<String> amountBreakers(JsonNode amount) {
    BigDecimal max = amount.path("exclusiveMaximum").decimalValue();
    BigDecimal min = amount.path("exclusiveMinimum").decimalValue();
    BigDecimal step = amount.path("multipleOf").decimalValue();
    return List.of(
        max.toPlainString(),
        min.toPlainString(),
        BigDecimal.ONE.add(step.movePointLeft(1)).toPlainString(),
        "1e3",
        "\"30000\"");
  }

  /** A valid instance of the schema: its example, else one built from its properties. */
  static JsonNode example(JsonNode schema) {
    JsonNode s = resolve(schema);
    if (s.has("example")) {
      return JSON.valueToTree(s.path("example"));
    }
    switch (s.path("type").asText()) {
      case "object":
        ObjectNode o = JSON.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields();
            it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          o.set(e.getKey(), example(e.getValue()));
        }
        return o;
      case "string":
        // an id the pattern accepts, of a customer the double knows
        return JSON.getNodeFactory().textNode("c00000042");
      default:
        return JSON.getNodeFactory().numberNode(1);
    }
  }

  // ---- the subset of JSON Schema the document uses ----

  static JsonNode resolve(JsonNode s) {
    JsonNode n = s;
    while (n.has("$ref")) {
      String[] parts = n.path("$ref").asText().substring(2).split("/");
      JsonNode target = doc;
      for (String part : parts) {
        target = target.path(part);
      }
      n = target;
    }
    return n;
  }

  static void validate(JsonNode schema, JsonNode v, String at, List<String> errors) {
    JsonNode s = resolve(schema);
    String type = s.path("type").asText("");
    switch (type) {
      case "object" -> {
        if (!v.isObject()) {
          errors.add(at + " must be an object");
          return;
        }
        for (JsonNode r : s.path("required")) {
          if (!v.has(r.asText())) {
            errors.add(at + "." + r.asText() + " is required");
          }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          JsonNode p = s.path("properties").path(e.getKey());
          if (p.isMissingNode()) {
            if (s.path("additionalProperties").isBoolean()
                && !s.path("additionalProperties").asBoolean()) {
              errors.add(at + "." + e.getKey() + " is not documented");
            }
          } else {
            validate(p, e.getValue(), at + "." + e.getKey(), errors);
          }
        }
      }
      case "array" -> {
        if (!v.isArray()) {
          errors.add(at + " must be an array");
          return;
        }
        for (int i = 0; i < v.size(); i++) {
          validate(s.path("items"), v.get(i), at + "[" + i + "]", errors);
        }
      }
      case "string" -> {
        if (!v.isTextual()) {
          errors.add(at + " must be a string");
          return;
        }
        String t = v.asText();
        if (s.has("pattern") && !Pattern.compile(s.path("pattern").asText()).matcher(t).find()) {
          errors.add(at + " does not match " + s.path("pattern").asText());
        }
        if (s.has("enum") && !contains(s.path("enum"), t)) {
          errors.add(at + " = " + t + " is not one of " + s.path("enum"));
        }
        if (s.has("minLength") && t.length() < s.path("minLength").asInt()) {
          errors.add(at + " is shorter than " + s.path("minLength"));
        }
        if (s.has("maxLength") && t.length() > s.path("maxLength").asInt()) {
          errors.add(at + " is longer than " + s.path("maxLength"));
        }
      }
      case "integer", "number" -> {
        if (!v.isNumber() || (type.equals("integer") && !v.isIntegralNumber())) {
          errors.add(at + " must be a" + (type.equals("integer") ? "n integer" : " number"));
          return;
        }
        BigDecimal d = v.decimalValue();
        if (s.has("minimum") && d.compareTo(s.path("minimum").decimalValue()) < 0) {
          errors.add(at + " is below " + s.path("minimum"));
        }
        if (s.has("multipleOf") && d.remainder(s.path("multipleOf").decimalValue()).signum() != 0) {
          errors.add(at + " is not a multiple of " + s.path("multipleOf"));
        }
      }
      default -> {}
    }
  }

  static boolean contains(JsonNode values, String v) {
    for (JsonNode x : values) {
      if (x.asText().equals(v)) {
        return true;
      }
    }
    return false;
  }

  static String shortly(String s) {
    return s.length() > 12 ? s.substring(0, 12) + "…" : s;
  }
}
