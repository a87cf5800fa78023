package solventa.vocabulary;

/**
 * A customer's insured object, as the quote API takes it in {@code insuredObject}. Amounts are
 * whole reais, so the JSON carries integers and every JVM writes the same body.
 */
public sealed interface InsuredObject {

  /** The line of business the object is insured under. */
  String line();

  /** The risk segment the object falls in: the band or category of its line's rated field. */
  RiskSegment segment();

  /** The object as the quote API's {@code insuredObject}, e.g. {@code {"vehicleValue":…}}. */
  String json();

  /** A vehicle: its model year is the rated field, its value the exposure. */
  record Auto(int vehicleYear, long vehicleValue) implements InsuredObject {
    @Override
    public String line() {
      return "auto";
    }

    @Override
    public RiskSegment segment() {
      return InsuredObjects.autoSegment(vehicleYear);
    }

    @Override
    public String json() {
      return "{\"vehicleValue\":" + vehicleValue + ",\"vehicleYear\":" + vehicleYear + "}";
    }
  }

  /** A home: its construction type is the rated field, the property's value the exposure. */
  record Home(long propertyValue, String constructionType) implements InsuredObject {
    @Override
    public String line() {
      return "home";
    }

    @Override
    public RiskSegment segment() {
      return InsuredObjects.homeSegment(constructionType);
    }

    @Override
    public String json() {
      return "{\"propertyValue\":"
          + propertyValue
          + ",\"constructionType\":\""
          + constructionType
          + "\"}";
    }
  }

  /** A life: the insured's age is the rated field, the insured amount the exposure. */
  record Life(int age, long insuredAmount) implements InsuredObject {
    @Override
    public String line() {
      return "life";
    }

    @Override
    public RiskSegment segment() {
      return InsuredObjects.lifeSegment(age);
    }

    @Override
    public String json() {
      return "{\"insuredAmount\":" + insuredAmount + ",\"age\":" + age + "}";
    }
  }
}
