package solventa.quote.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import solventa.quote.domain.QuoteResponse;

/**
 * Writes quotes in the published field order (docs/api.md); {@link Problem#json} writes problems
 * with the same generator.
 */
public final class QuoteJson {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** Money always has two decimals: sizes do not depend on trailing zeros. */
  static final int MONEY_SCALE = 2;

  private QuoteJson() {}

  public static byte[] quote(QuoteResponse q) {
    return write(
        g -> {
          g.writeStartObject();
          g.writeStringField("quoteId", q.quoteId());
          g.writeStringField("arm", q.arm());
          g.writeStringField("lineOfBusiness", q.lineOfBusiness());
          g.writeObjectFieldStart("premium");
          g.writeFieldName("amount");
          g.writeNumber(money(q.premium()));
          g.writeStringField("currency", q.currency());
          g.writeEndObject();
          g.writeObjectFieldStart("range");
          g.writeFieldName("low");
          g.writeNumber(money(q.low()));
          g.writeFieldName("high");
          g.writeNumber(money(q.high()));
          g.writeEndObject();
          g.writeStringField("ruleSetVersion", q.ruleSetVersion());
          g.writeObjectFieldStart("profile");
          g.writeStringField("origin", q.origin().name());
          g.writeNumberField("ageMs", q.ageMs());
          g.writeArrayFieldStart("missingSignals");
          for (String s : q.missingSignals()) {
            g.writeString(s);
          }
          g.writeEndArray();
          g.writeEndObject();
          g.writeEndObject();
        });
  }

  static BigDecimal money(BigDecimal v) {
    return v.setScale(MONEY_SCALE, RoundingMode.HALF_UP);
  }

  interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  static byte[] write(Body body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(512);
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
