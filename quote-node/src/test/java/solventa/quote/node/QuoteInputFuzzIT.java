package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.rekawek.toxiproxy.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * Property test over the quote API (JUnit 5 with a seeded generator): bodies that are invalid by
 * construction — extreme numbers, exponents, long and odd strings, wrong types, deep nesting —
 * always get a 400 problem naming the field and carrying the quote id, never a 5xx, and the node
 * keeps serving. The seed is {@code -Dfuzz.seed} (default fixed), printed with every failure so a
 * failing case replays.
 */
class QuoteInputFuzzIT {
  static final long SEED = Long.getLong("fuzz.seed", 20261201L);
  static final int CASES = Integer.getInteger("fuzz.cases", 400);

  static NodeTestBed lab;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    Proxy proxy = lab.proxy("fuzz");
    node = NodeTestBed.node(lab.overrides(Arm.C, proxy, "fuzz:"), Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  /** One invalid body and the field its problem must name. */
  record Case(String what, String body, String field) {}

  static ObjectNode valid() {
    ObjectNode b = NodeTestBed.JSON.createObjectNode();
    b.put("partnerId", "partner-1");
    b.put("customerId", "c00000001");
    b.put("lineOfBusiness", "auto");
    b.putObject("insuredObject").put("vehicleValue", 30000).put("vehicleYear", 2020);
    return b;
  }

  /** Replaces the raw JSON of {@code vehicleValue} (numbers not expressible as a Java number). */
  static String withRawValue(String raw) {
    return valid().toString().replace("30000", raw);
  }

  static String digits(Random r, int n) {
    StringBuilder sb = new StringBuilder().append((char) ('1' + r.nextInt(9)));
    for (int i = 1; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }

  /** A string of {@code n} characters from a hostile alphabet (quotes, controls, non-BMP). */
  static String oddString(Random r, int n) {
    String[] alphabet = {"a", "\"", "\\", "\n", "\u0000", " ", "é", "😀", "<", "%", "/", ":"};
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(alphabet[r.nextInt(alphabet.length)]);
    }
    return sb.toString();
  }

  static final List<Function<Random, Case>> GENERATORS =
      List.of(
          r -> {
            String raw =
                digits(r, 1 + r.nextInt(3))
                    + (r.nextBoolean() ? "e" : "E")
                    + (r.nextBoolean() ? "" : r.nextBoolean() ? "+" : "-")
                    + digits(r, 1 + r.nextInt(8));
            return new Case("exponent " + raw, withRawValue(raw), "insuredObject.vehicleValue");
          },
          r -> {
            String raw = digits(r, 16 + r.nextInt(5000));
            return new Case(
                "integer digits " + raw.length(), withRawValue(raw), "insuredObject.vehicleValue");
          },
          r -> {
            String raw = digits(r, 1 + r.nextInt(5)) + "." + digits(r, 5 + r.nextInt(3000));
            return new Case(
                "decimals " + (raw.length() - raw.indexOf('.') - 1),
                withRawValue(raw),
                "insuredObject.vehicleValue");
          },
          r -> {
            String raw = r.nextBoolean() ? "0" : "-" + digits(r, 1 + r.nextInt(15));
            return new Case("not positive " + raw, withRawValue(raw), "insuredObject.vehicleValue");
          },
          r -> {
            ObjectNode b = valid();
            long year = r.nextBoolean() ? r.nextInt(1980) : 2031 + (long) r.nextInt(1 << 30);
            ((ObjectNode) b.get("insuredObject")).put("vehicleYear", year);
            return new Case("year " + year, b.toString(), "insuredObject.vehicleYear");
          },
          r -> {
            ObjectNode b = valid();
            ((ObjectNode) b.get("insuredObject")).put("vehicleValue", oddString(r, r.nextInt(100)));
            return new Case("value as a string", b.toString(), "insuredObject.vehicleValue");
          },
          r -> {
            ObjectNode b = valid();
            String id = r.nextInt(4) == 0 ? "" : oddString(r, 1 + r.nextInt(200)) + "!";
            b.put("customerId", id);
            return new Case("customer id", b.toString(), "customerId");
          },
          r -> {
            ObjectNode b = valid();
            b.put("partnerId", "p".repeat(65 + r.nextInt(5000)));
            return new Case("long partner id", b.toString(), "partnerId");
          },
          r -> {
            ObjectNode b = valid();
            String line =
                r.nextBoolean() ? "x".repeat(33 + r.nextInt(5000)) : oddString(r, 5) + "!";
            b.put("lineOfBusiness", line);
            return new Case("line of business", b.toString(), "lineOfBusiness");
          },
          r -> {
            ObjectNode b = valid();
            b.put("lineOfBusiness", "line" + r.nextInt(1_000_000));
            return new Case("unknown line", b.toString(), "lineOfBusiness");
          },
          r -> {
            ObjectNode b = valid();
            b.put("lineOfBusiness", "home");
            ((ObjectNode) b.get("insuredObject"))
                .put("propertyValue", 100000)
                .put("constructionType", "w".repeat(65 + r.nextInt(3000)));
            return new Case("long string value", b.toString(), "insuredObject.constructionType");
          },
          r -> {
            int depth = 9 + r.nextInt(3000);
            String body =
                valid()
                    .toString()
                    .replace(
                        "\"vehicleYear\":2020",
                        "\"vehicleYear\":" + "[".repeat(depth) + "]".repeat(depth));
            return new Case("nesting " + depth, body, "insuredObject.vehicleYear");
          },
          r -> {
            ObjectNode b = valid();
            String field =
                List.of("partnerId", "customerId", "lineOfBusiness", "insuredObject")
                    .get(r.nextInt(4));
            if (r.nextBoolean()) {
              b.remove(field);
            } else {
              b.put(field, r.nextLong());
            }
            return new Case("missing or mistyped " + field, b.toString(), field);
          },
          r -> {
            String body = valid().toString();
            String cut = body.substring(0, r.nextInt(body.length() - 1));
            return new Case("truncated at " + cut.length(), cut, "body");
          });

  @Test
  void invalidBodiesGetA400NamingTheFieldNeverA5xx() {
    Random random = new Random(SEED);
    for (int i = 0; i < CASES; i++) {
      Case c = GENERATORS.get(i % GENERATORS.size()).apply(random);
      NodeTestBed.Answer a = NodeTestBed.post(node.httpPort(), "/v1/quotes", c.body());
      String replay = "seed " + SEED + " case " + i + " (" + c.what() + "): " + a.body();
      assertThat(a.status()).as(replay).isEqualTo(400);
      assertThat(a.contentType()).as(replay).startsWith("application/problem+json");
      JsonNode p = a.json();
      assertThat(p.path("field").asText()).as(replay).isEqualTo(c.field());
      assertThat(p.path("detail").asText()).as(replay).isNotBlank();
      assertThat(p.path("quoteId").asText()).as(replay).matches("q-[0-9a-f-]{36}");
      assertThat(p.path("detail").asText().length()).as(replay).isLessThan(300);
    }
    assertThat(NodeTestBed.quote(node, "c00000001").status()).as("still serving").isEqualTo(200);
    assertThat(node.stats().errors()).as("no 5xx counted").isZero();
  }
}
