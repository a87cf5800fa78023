package solventa.quote.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import solventa.quote.domain.QuoteResponse;
import solventa.vocabulary.QuoteAnswer;

/**
 * Writes quotes as their wire record ({@link QuoteAnswer}, the vocabulary every client reads) in
 * the published field order (docs/api.md), streamed; {@link Problem#json} writes problems with the
 * same generator.
 */
public final class QuoteJson {
  private static final JsonFactory FACTORY = new JsonFactory();

  /** Money always has two decimals: sizes do not depend on trailing zeros. */
  static final int MONEY_SCALE = 2;

  private QuoteJson() {}

  /** The quote as its wire record ({@link QuoteAnswer}), money at two decimals. */
  public static QuoteAnswer answer(QuoteResponse q) {
    return new QuoteAnswer(
        q.quoteId(),
        q.arm(),
        q.lineOfBusiness(),
        new QuoteAnswer.Money(money(q.premium()), q.currency()),
        new QuoteAnswer.Range(money(q.low()), money(q.high())),
        q.ruleSetVersion(),
        new QuoteAnswer.Profile(q.origin().name(), q.ageMs(), q.missingSignals()));
  }

  public static byte[] quote(QuoteResponse q) {
    QuoteAnswer a = answer(q);
    return write(
        g -> {
          g.writeStartObject();
          g.writeStringField("quoteId", a.quoteId());
          g.writeStringField("arm", a.arm());
          g.writeStringField("lineOfBusiness", a.lineOfBusiness());
          g.writeObjectFieldStart("premium");
          g.writeFieldName("amount");
          g.writeNumber(a.premium().amount());
          g.writeStringField("currency", a.premium().currency());
          g.writeEndObject();
          g.writeObjectFieldStart("range");
          g.writeFieldName("low");
          g.writeNumber(a.range().low());
          g.writeFieldName("high");
          g.writeNumber(a.range().high());
          g.writeEndObject();
          g.writeStringField("ruleSetVersion", a.ruleSetVersion());
          g.writeObjectFieldStart("profile");
          g.writeStringField("origin", a.profile().origin());
          g.writeNumberField("ageMs", a.profile().ageMs());
          g.writeArrayFieldStart("missingSignals");
          for (String s : a.profile().missingSignals()) {
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
