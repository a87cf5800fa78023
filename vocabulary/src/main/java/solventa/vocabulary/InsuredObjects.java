package solventa.vocabulary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The lab's world: for each customer, known by its index (the {@code N} of id {@code c%08d}), its
 * line of business, its insured object and the risk segment that object falls in, and how the
 * customers' incomes differ between segments. The load generator sends each customer's own object,
 * and the provider double draws each customer's income around its segment's median, so the quote
 * request reveals something about the profile a DEFAULT quote does not know. That is what a default
 * per risk segment needs in order to be worth anything, and what makes its price error measurable.
 *
 * <p>Everything is a pure function of the index: each customer draws from its own {@link
 * SplittableRandom}, whose sequence for a seed is specified, so the same index gives the same
 * object in every JVM and in every run, and a customer's own premium never changes.
 *
 * <p>The correlation between segment and income ({@link #incomeMultiplier}) is an assumption of the
 * lab's world, declared here rather than measured: the price error a per-segment default buys
 * follows from it, so the lab can check that the mechanism works, not how much it would save on a
 * real book.
 */
public final class InsuredObjects {

  /** The lines of business, in the order the customer index walks them. */
  public static final List<String> LINES = List.of("auto", "home", "life");

  /**
   * The monthly income, R$, the segments' multipliers scale: a median Open Finance customer, the
   * figure the lines' default profiles are priced on.
   */
  public static final double BASE_MONTHLY_INCOME = 4_500;

  // a fixed offset for the per-customer seeds, so these draws share nothing with the streams the
  // feeders seed from small numbers
  private static final long SEED = 0x1A5E_0B1E_C75E_6D01L;

  private static final int FIRST_YEAR = 2004;
  private static final int YEARS = 2026 - FIRST_YEAR + 1;
  private static final int FIRST_AGE = 22;
  private static final int AGES = 74 - FIRST_AGE + 1;

  // the rule book's band bounds of each line's rated field, as rule set 2026.1 has them
  private static final int[] YEAR_BOUNDS = {2010, 2018, 2024};
  private static final int[] AGE_BOUNDS = {30, 40, 50, 60, 70};
  private static final List<String> CONSTRUCTION_TYPES = List.of("masonry", "mixed", "wood");
  private static final double[] CONSTRUCTION_SHARES = {0.7, 0.2, 0.1};

  private static final List<RiskSegment> AUTO = bands("auto", "vehicleYear", YEAR_BOUNDS);
  private static final List<RiskSegment> HOME =
      CONSTRUCTION_TYPES.stream().map(c -> new RiskSegment("home", "constructionType", c)).toList();
  private static final List<RiskSegment> LIFE = bands("life", "age", AGE_BOUNDS);

  /**
   * The declared correlation: newer cars, masonry homes and insureds in mid-life belong to
   * customers who earn more. Each line's factors follow its segments in order.
   */
  private static final Map<RiskSegment, Double> MULTIPLIERS = new HashMap<>();

  static {
    multipliers(AUTO, 0.55, 0.8, 1.2, 2.4);
    multipliers(HOME, 1.3, 0.8, 0.5);
    multipliers(LIFE, 0.6, 0.9, 1.2, 1.5, 1.3, 1.0);
  }

  private InsuredObjects() {}

  /**
   * The customer's line of business: a property of the customer, so every arm prices the same mix.
   */
  public static String lineOf(int index) {
    requireIndex(index);
    return LINES.get(index % LINES.size());
  }

  /**
   * The customer's insured object. Auto: model year uniform over 2004–2026, valued at R$ 25 000
   * plus R$ 3 500 a year of model. Home: masonry 70 %, mixed 20 %, wood 10 %; value uniform over R$
   * 200 000–900 000 in steps of 10 000. Life: age uniform over 22–74; insured amount uniform over
   * R$ 100 000–500 000 in steps of 50 000.
   */
  public static InsuredObject of(int index) {
    String line = lineOf(index);
    SplittableRandom r = new SplittableRandom(SEED + index);
    return switch (line) {
      case "auto" -> {
        int year = FIRST_YEAR + r.nextInt(YEARS);
        yield new InsuredObject.Auto(year, 25_000L + 3_500L * (year - FIRST_YEAR));
      }
      case "home" -> {
        String type = construction(r.nextDouble());
        yield new InsuredObject.Home(200_000L + 10_000L * r.nextInt(71), type);
      }
      default -> {
        int age = FIRST_AGE + r.nextInt(AGES);
        yield new InsuredObject.Life(age, 100_000L + 50_000L * r.nextInt(9));
      }
    };
  }

  /**
   * The line's one constant insured object, whoever the customer: auto a 2021 vehicle valued at R$
   * 85 000, home masonry valued at R$ 450 000, life age 41 insured for R$ 200 000.
   */
  public static InsuredObject constant(String line) {
    return switch (line) {
      case "auto" -> new InsuredObject.Auto(2021, 85_000L);
      case "home" -> new InsuredObject.Home(450_000L, "masonry");
      default -> new InsuredObject.Life(41, 200_000L);
    };
  }

  /** The risk segment of the customer's insured object. */
  public static RiskSegment segmentOf(int index) {
    return of(index).segment();
  }

  /** Every segment of {@code line}, in the rule book's order (bands ascending). */
  public static List<RiskSegment> segments(String line) {
    return switch (line) {
      case "auto" -> AUTO;
      case "home" -> HOME;
      case "life" -> LIFE;
      default -> throw new IllegalArgumentException("no line of business " + line);
    };
  }

  /**
   * The segment's income multiplier m: its customers' median monthly income is {@link
   * #BASE_MONTHLY_INCOME} × m.
   */
  public static double incomeMultiplier(RiskSegment segment) {
    Double m = MULTIPLIERS.get(segment);
    if (m == null) {
      throw new IllegalArgumentException("no risk segment " + segment);
    }
    return m;
  }

  /** The median monthly income, R$, of the segment's customers. */
  public static double medianMonthlyIncome(RiskSegment segment) {
    return BASE_MONTHLY_INCOME * incomeMultiplier(segment);
  }

  static RiskSegment autoSegment(int vehicleYear) {
    return AUTO.get(band(YEAR_BOUNDS, vehicleYear));
  }

  static RiskSegment homeSegment(String constructionType) {
    int i = CONSTRUCTION_TYPES.indexOf(constructionType);
    if (i < 0) {
      throw new IllegalArgumentException("no construction type " + constructionType);
    }
    return HOME.get(i);
  }

  static RiskSegment lifeSegment(int age) {
    return LIFE.get(band(AGE_BOUNDS, age));
  }

  private static String construction(double u) {
    double cumulative = 0;
    for (int i = 0; i < CONSTRUCTION_SHARES.length; i++) {
      cumulative += CONSTRUCTION_SHARES[i];
      if (u < cumulative) {
        return CONSTRUCTION_TYPES.get(i);
      }
    }
    return CONSTRUCTION_TYPES.get(CONSTRUCTION_TYPES.size() - 1);
  }

  // which band a value falls in: how many of the ascending bounds lie at or below it
  private static int band(int[] bounds, int value) {
    int i = 0;
    while (i < bounds.length && value >= bounds[i]) {
      i++;
    }
    return i;
  }

  // one segment per half-open band between the bounds, labelled as the rating engine labels bands
  private static List<RiskSegment> bands(String line, String field, int[] bounds) {
    List<RiskSegment> out = new ArrayList<>();
    for (int i = 0; i <= bounds.length; i++) {
      String lower = i == 0 ? "(-inf" : "[" + bounds[i - 1];
      String upper = i == bounds.length ? "+inf)" : bounds[i] + ")";
      out.add(new RiskSegment(line, field, lower + "," + upper));
    }
    return List.copyOf(out);
  }

  private static void multipliers(List<RiskSegment> segments, double... factors) {
    if (segments.size() != factors.length) {
      throw new IllegalStateException("one multiplier per segment of " + segments.get(0).line());
    }
    for (int i = 0; i < factors.length; i++) {
      MULTIPLIERS.put(segments.get(i), factors[i]);
    }
  }

  private static void requireIndex(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("customer index " + index + " is negative");
    }
  }
}
