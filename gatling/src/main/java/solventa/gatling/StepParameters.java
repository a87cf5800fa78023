package solventa.gatling;

import java.time.Duration;

/**
 * What one load step is: target, arrival rate, duration, hit-rate target and key plan. Read from
 * system properties {@code ha01.*} (the runner sets them before each in-process Gatling run; a user
 * running a simulation by hand passes them with -D).
 *
 * @param baseUrl the quote API's base URL, or several separated by commas (one per node of a
 *     cluster: the load round-robins over them)
 * @param hitRate the step's hit-rate target (what the population was sized for; reported)
 * @param populationStart first index of the step's known customers
 * @param populationSize K, the number of known customers ({@link KeyPopulation#size()})
 * @param neverSeenShare share of requests for never-seen customers
 * @param freshKeyStart never-seen customers are drawn from this index upwards, one per request
 * @param requestLog where to write one line per request (empty: no log)
 * @param sweepKeys a hit-rate sweep step's key set ({@link SweepKeySet}, {@link SweepKeyFeeder}):
 *     the known customers {@code [populationStart, populationStart + populationSize)} are its fresh
 *     ones, {@code [missStart, missStart + missSize)} its expired ones; false: the steady-state
 *     population of {@link KeyPopulation} ({@link KeyFeeder})
 * @param missStart first index of a sweep step's expired customers (0 otherwise)
 * @param missSize how many expired customers a sweep step has (0 otherwise)
 * @param journeys whether the step's known customers come in quote journeys ({@link
 *     JourneyKeyFeeder}) and their shape; {@link Journeys#OFF}: one quote per draw ({@link
 *     KeyFeeder}). Never on for a sweep step.
 */
public record StepParameters(
    String baseUrl,
    String arm,
    double ratePerSec,
    Duration duration,
    double hitRate,
    int populationStart,
    int populationSize,
    double neverSeenShare,
    int freshKeyStart,
    long seed,
    String requestLog,
    boolean sweepKeys,
    int missStart,
    int missSize,
    Journeys journeys) {

  /**
   * The quote journeys of a step: a known customer asks for {@code minQuotes} to {@code maxQuotes}
   * quotes within {@code spanSec} seconds ({@link JourneyKeyFeeder}). Read from {@code
   * ha01.journeys}, {@code ha01.journey-min-quotes}, {@code ha01.journey-max-quotes} and {@code
   * ha01.journey-span-sec}.
   *
   * @param on whether the step's traffic comes in journeys (false: {@link KeyFeeder})
   * @param minQuotes shortest journey, at least 1
   * @param maxQuotes longest journey, in [minQuotes, {@link JourneyKeyFeeder#MAX_QUOTES}]
   * @param spanSec how long after its first quote a journey's last may come, in (0, 60]; at the
   *     step's rate at least {@link JourneyKeyFeeder#MIN_SPAN_PER_QUOTE} × maxQuotes requests
   */
  public record Journeys(boolean on, int minQuotes, int maxQuotes, double spanSec) {
    /** No journeys (the shape is the default one, 2 to 5 quotes within 2 s, unused). */
    public static final Journeys OFF = new Journeys(false, 2, 5, 2);

    public Journeys {
      if (minQuotes < 1) {
        throw new IllegalArgumentException(
            "ha01.journey-min-quotes must be >= 1, was " + minQuotes);
      }
      if (maxQuotes < minQuotes || maxQuotes > JourneyKeyFeeder.MAX_QUOTES) {
        throw new IllegalArgumentException(
            "ha01.journey-max-quotes must be in [ha01.journey-min-quotes = "
                + minQuotes
                + ", "
                + JourneyKeyFeeder.MAX_QUOTES
                + "], was "
                + maxQuotes);
      }
      if (!(spanSec > 0 && spanSec <= 60)) {
        throw new IllegalArgumentException(
            "ha01.journey-span-sec must be in (0, 60], was " + spanSec);
      }
    }

    /** Journeys of {@code minQuotes} to {@code maxQuotes} quotes within {@code spanSec}. */
    public static Journeys of(int minQuotes, int maxQuotes, double spanSec) {
      return new Journeys(true, minQuotes, maxQuotes, spanSec);
    }

    /** The span in requests at {@code ratePerSec} ({@link JourneyKeyFeeder#spanRequests}). */
    public int spanRequests(double ratePerSec) {
      return JourneyKeyFeeder.spanRequests(spanSec, ratePerSec);
    }
  }

  /**
   * A step at {@code baseUrl} for {@code arm}, every other parameter at the default {@link
   * #fromSystemProperties} reads without properties: set what the step needs, then {@link
   * Builder#build} checks the whole.
   */
  public static Builder builder(String baseUrl, String arm) {
    return new Builder(baseUrl, arm);
  }

  /**
   * The parameters of a step, named as they are set; {@link #build} makes the record (its checks
   * refuse an inconsistent step, naming the property).
   */
  public static final class Builder {
    private final String baseUrl;
    private final String arm;
    private double ratePerSec = 20;
    private Duration duration = Duration.ofSeconds(10);
    private double hitRate = 0.96;
    private int populationStart;
    private int populationSize = 500;
    private double neverSeenShare = 0.005;
    private int freshKeyStart = 10_000;
    private long seed = 42;
    private String requestLog = "";
    private boolean sweepKeys;
    private int missStart;
    private int missSize;
    private Journeys journeys = Journeys.OFF;

    private Builder(String baseUrl, String arm) {
      this.baseUrl = baseUrl;
      this.arm = arm;
    }

    public Builder rate(double perSec) {
      this.ratePerSec = perSec;
      return this;
    }

    public Builder duration(Duration d) {
      this.duration = d;
      return this;
    }

    public Builder hitRate(double h) {
      this.hitRate = h;
      return this;
    }

    /** The known customers {@code [start, start + size)}. */
    public Builder population(int start, int size) {
      this.populationStart = start;
      this.populationSize = size;
      return this;
    }

    public Builder neverSeenShare(double share) {
      this.neverSeenShare = share;
      return this;
    }

    public Builder freshKeyStart(int start) {
      this.freshKeyStart = start;
      return this;
    }

    public Builder seed(long s) {
      this.seed = s;
      return this;
    }

    public Builder requestLog(String path) {
      this.requestLog = path;
      return this;
    }

    /**
     * A sweep's key set when {@code on}: the population its fresh customers, {@code [missStart,
     * missStart + missSize)} its expired ones.
     */
    public Builder sweep(boolean on, int missStart, int missSize) {
      this.sweepKeys = on;
      this.missStart = missStart;
      this.missSize = missSize;
      return this;
    }

    public Builder journeys(Journeys j) {
      this.journeys = j;
      return this;
    }

    public StepParameters build() {
      return new StepParameters(
          baseUrl,
          arm,
          ratePerSec,
          duration,
          hitRate,
          populationStart,
          populationSize,
          neverSeenShare,
          freshKeyStart,
          seed,
          requestLog,
          sweepKeys,
          missStart,
          missSize,
          journeys);
    }
  }

  public StepParameters {
    for (String url : baseUrls(baseUrl)) {
      if (!url.startsWith("http://127.0.0.1:") && !url.startsWith("http://localhost:")) {
        // load only ever targets loopback (or, by explicit opt-in, a compose network name)
        if (!Boolean.getBoolean("ha01.allow-non-loopback")) {
          throw new IllegalArgumentException(
              "ha01.base-url must be a loopback URL (http://127.0.0.1:PORT), was " + url);
        }
      }
    }
    if (!(ratePerSec > 0) || ratePerSec > 2_000) {
      throw new IllegalArgumentException("ha01.rate must be in (0, 2000], was " + ratePerSec);
    }
    if (duration.isNegative() || duration.isZero() || duration.toMinutes() > 60) {
      throw new IllegalArgumentException(
          "ha01.duration-ms must be in (0, 60 min], was " + duration.toMillis());
    }
    if (!(hitRate >= 0 && hitRate <= 1)) {
      throw new IllegalArgumentException("ha01.hit-rate must be in [0,1], was " + hitRate);
    }
    if (populationStart < 0 || populationSize < 1) {
      throw new IllegalArgumentException(
          "ha01.population-start must be >= 0 and ha01.population-size >= 1, were "
              + populationStart
              + " and "
              + populationSize);
    }
    if (!(neverSeenShare >= 0 && neverSeenShare < 1)) {
      throw new IllegalArgumentException(
          "ha01.never-seen-share must be in [0,1), was " + neverSeenShare);
    }
    if (freshKeyStart >= populationStart && freshKeyStart < populationStart + populationSize) {
      throw new IllegalArgumentException(
          "ha01.fresh-key-start must lie outside the known customers, was " + freshKeyStart);
    }
    if (missStart < 0 || missSize < 0) {
      throw new IllegalArgumentException(
          "ha01.miss-start and ha01.miss-size must be >= 0, were "
              + missStart
              + " and "
              + missSize);
    }
    if (sweepKeys && freshKeyStart >= missStart && freshKeyStart < missStart + missSize) {
      throw new IllegalArgumentException(
          "ha01.fresh-key-start must lie outside the expired customers, was " + freshKeyStart);
    }
    checkJourneys(journeys, sweepKeys, ratePerSec);
  }

  private static void checkJourneys(Journeys journeys, boolean sweepKeys, double ratePerSec) {
    if (journeys == null) {
      throw new IllegalArgumentException("journeys must be given (Journeys.OFF: none)");
    }
    if (!journeys.on()) {
      return;
    }
    if (sweepKeys) {
      throw new IllegalArgumentException(
          "ha01.journeys must be false for a sweep step (ha01.sweep-keys=true), was true");
    }
    int spanRequests = journeys.spanRequests(ratePerSec);
    int needed = JourneyKeyFeeder.MIN_SPAN_PER_QUOTE * journeys.maxQuotes();
    if (spanRequests < needed) {
      throw new IllegalArgumentException(
          "ha01.journey-span-sec must hold "
              + JourneyKeyFeeder.MIN_SPAN_PER_QUOTE
              + " x ha01.journey-max-quotes = "
              + needed
              + " requests at ha01.rate = "
              + ratePerSec
              + " (else journeys are cut short), was "
              + journeys.spanSec()
              + " ("
              + spanRequests
              + " requests)");
    }
  }

  /** This step with its known customers in the given journeys. */
  public StepParameters withJourneys(Journeys journeys) {
    return toBuilder().journeys(journeys).build();
  }

  /** A builder holding this step's parameters. */
  public Builder toBuilder() {
    return builder(baseUrl, arm)
        .rate(ratePerSec)
        .duration(duration)
        .hitRate(hitRate)
        .population(populationStart, populationSize)
        .neverSeenShare(neverSeenShare)
        .freshKeyStart(freshKeyStart)
        .seed(seed)
        .requestLog(requestLog)
        .sweep(sweepKeys, missStart, missSize)
        .journeys(journeys);
  }

  /** The base URLs of {@code ha01.base-url}: one, or one per node (comma-separated). */
  public static java.util.List<String> baseUrls(String baseUrl) {
    return java.util.Arrays.stream(baseUrl.split(",")).map(String::trim).toList();
  }

  /**
   * Sets the {@code ha01.*} system properties {@link #fromSystemProperties} reads back as this
   * record: how the in-process runner hands a step to the simulation Gatling instantiates.
   */
  public void toSystemProperties() {
    System.setProperty("ha01.base-url", baseUrl);
    System.setProperty("ha01.arm", arm);
    System.setProperty("ha01.rate", Double.toString(ratePerSec));
    System.setProperty("ha01.duration-ms", Long.toString(duration.toMillis()));
    System.setProperty("ha01.hit-rate", Double.toString(hitRate));
    System.setProperty("ha01.population-start", Integer.toString(populationStart));
    System.setProperty("ha01.population-size", Integer.toString(populationSize));
    System.setProperty("ha01.never-seen-share", Double.toString(neverSeenShare));
    System.setProperty("ha01.fresh-key-start", Integer.toString(freshKeyStart));
    System.setProperty("ha01.seed", Long.toString(seed));
    System.setProperty("ha01.request-log", requestLog);
    System.setProperty("ha01.sweep-keys", Boolean.toString(sweepKeys));
    System.setProperty("ha01.miss-start", Integer.toString(missStart));
    System.setProperty("ha01.miss-size", Integer.toString(missSize));
    System.setProperty("ha01.journeys", Boolean.toString(journeys.on()));
    System.setProperty("ha01.journey-min-quotes", Integer.toString(journeys.minQuotes()));
    System.setProperty("ha01.journey-max-quotes", Integer.toString(journeys.maxQuotes()));
    System.setProperty("ha01.journey-span-sec", Double.toString(journeys.spanSec()));
  }

  public static StepParameters fromSystemProperties() {
    return builder(
            System.getProperty("ha01.base-url", "http://127.0.0.1:8080"),
            System.getProperty("ha01.arm", "C"))
        .rate(Double.parseDouble(System.getProperty("ha01.rate", "20")))
        .duration(
            Duration.ofMillis(Long.parseLong(System.getProperty("ha01.duration-ms", "10000"))))
        .hitRate(Double.parseDouble(System.getProperty("ha01.hit-rate", "0.96")))
        .population(
            Integer.parseInt(System.getProperty("ha01.population-start", "0")),
            Integer.parseInt(System.getProperty("ha01.population-size", "500")))
        .neverSeenShare(Double.parseDouble(System.getProperty("ha01.never-seen-share", "0.005")))
        .freshKeyStart(Integer.parseInt(System.getProperty("ha01.fresh-key-start", "10000")))
        .seed(Long.parseLong(System.getProperty("ha01.seed", "42")))
        .requestLog(System.getProperty("ha01.request-log", ""))
        .sweep(
            Boolean.parseBoolean(System.getProperty("ha01.sweep-keys", "false")),
            Integer.parseInt(System.getProperty("ha01.miss-start", "0")),
            Integer.parseInt(System.getProperty("ha01.miss-size", "0")))
        .journeys(journeysFromSystemProperties())
        .build();
  }

  /**
   * The {@code ha01.journey*} properties as a {@link Journeys} (default: off, 2 to 5 quotes within
   * 2 s); a value that does not parse is refused naming its property.
   */
  static Journeys journeysFromSystemProperties() {
    String on = System.getProperty("ha01.journeys", "false").trim();
    if (!on.equals("true") && !on.equals("false")) {
      throw new IllegalArgumentException("ha01.journeys must be true or false, was " + on);
    }
    return new Journeys(
        Boolean.parseBoolean(on),
        (int) number("ha01.journey-min-quotes", "2", true),
        (int) number("ha01.journey-max-quotes", "5", true),
        number("ha01.journey-span-sec", "2", false));
  }

  private static double number(String property, String fallback, boolean integer) {
    String value = System.getProperty(property, fallback).trim();
    try {
      return integer ? Integer.parseInt(value) : Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          property + " must be " + (integer ? "an integer" : "a number") + ", was " + value, e);
    }
  }
}
