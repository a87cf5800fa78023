package solventa.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StepParametersJourneysTest {
  private final Map<String, String> saved = new HashMap<>();

  @BeforeEach
  void clearStepProperties() {
    System.getProperties().stringPropertyNames().stream()
        .filter(k -> k.startsWith("ha01."))
        .forEach(k -> saved.put(k, System.clearProperty(k)));
  }

  @AfterEach
  void restoreStepProperties() {
    System.getProperties().stringPropertyNames().stream()
        .filter(k -> k.startsWith("ha01."))
        .forEach(System::clearProperty);
    saved.forEach(System::setProperty);
  }

  static StepParameters step(double rate) {
    return StepParameters.builder("http://127.0.0.1:8080", "C")
        .rate(rate)
        .hitRate(0.9)
        .seed(7)
        .build();
  }

  static StepParameters sweep() {
    return StepParameters.builder("http://127.0.0.1:8080", "C")
        .rate(100)
        .hitRate(0.9)
        .population(0, 50)
        .seed(7)
        .sweep(true, 1_000, 300)
        .build();
  }

  @Test
  void journeysAreOffUnlessAStepAsksAndAStepWithoutThemFeedsAsBefore() {
    StepParameters read = StepParameters.fromSystemProperties();
    assertThat(read.journeys()).isEqualTo(StepParameters.Journeys.OFF);
    assertThat(read.journeys().on()).isFalse();
    assertThat(step(100).journeys()).isEqualTo(StepParameters.Journeys.OFF);
    assertThat(sweep().journeys()).isEqualTo(StepParameters.Journeys.OFF);
    assertThat(QuoteSimulation.keys(read)).isInstanceOf(KeyFeeder.class);
    assertThat(QuoteSimulation.keys(sweep())).isInstanceOf(SweepKeyFeeder.class);
  }

  @Test
  void aStepWithJourneysRoundTripsThroughTheSystemPropertiesAndFeedsJourneys() {
    StepParameters step = step(150).withJourneys(StepParameters.Journeys.of(3, 4, 1.5));
    step.toSystemProperties();
    assertThat(System.getProperty("ha01.journeys")).isEqualTo("true");
    assertThat(System.getProperty("ha01.journey-min-quotes")).isEqualTo("3");
    assertThat(System.getProperty("ha01.journey-max-quotes")).isEqualTo("4");
    assertThat(System.getProperty("ha01.journey-span-sec")).isEqualTo("1.5");
    StepParameters read = StepParameters.fromSystemProperties();
    assertThat(read).isEqualTo(step);
    assertThat(read.journeys().spanRequests(read.ratePerSec())).isEqualTo(225);
    assertThat(QuoteSimulation.keys(read)).isInstanceOf(JourneyKeyFeeder.class);

    step(150).toSystemProperties(); // the next step turns them off again
    assertThat(StepParameters.fromSystemProperties().journeys().on()).isFalse();
  }

  @Test
  void journeysParseFromTheirPropertiesWithDefaultsForTheShape() {
    System.setProperty("ha01.journeys", "true");
    assertThat(StepParameters.fromSystemProperties().journeys())
        .isEqualTo(StepParameters.Journeys.of(2, 5, 2));
    System.setProperty("ha01.journey-max-quotes", " 8 ");
    System.setProperty("ha01.journey-span-sec", "3.5");
    assertThat(StepParameters.fromSystemProperties().journeys())
        .isEqualTo(StepParameters.Journeys.of(2, 8, 3.5));
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource({
    "ha01.journeys, yes",
    "ha01.journeys, 1",
    "ha01.journey-min-quotes, 0",
    "ha01.journey-min-quotes, two",
    "ha01.journey-max-quotes, 1",
    "ha01.journey-max-quotes, 51",
    "ha01.journey-max-quotes, 4.5",
    "ha01.journey-span-sec, 0",
    "ha01.journey-span-sec, -1",
    "ha01.journey-span-sec, 61",
    "ha01.journey-span-sec, NaN",
    "ha01.journey-span-sec, 2s",
  })
  void refusesABadValueNamingItsProperty(String property, String value) {
    System.setProperty("ha01.journeys", "true");
    System.setProperty(property, value);
    assertThatThrownBy(StepParameters::fromSystemProperties)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(property)
        .hasMessageContaining(value);
  }

  @Test
  void refusesJourneysOnASweepStep() {
    assertThatThrownBy(() -> sweep().withJourneys(StepParameters.Journeys.of(2, 5, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ha01.journeys")
        .hasMessageContaining("ha01.sweep-keys");
  }

  @Test
  void refusesASpanTooShortForTheLongestJourneyAtTheStepsRate() {
    // 2 s at 9 req/s is 18 requests, short of 4 x 5: journeys of 5 quotes would be cut short
    assertThatThrownBy(() -> step(9).withJourneys(StepParameters.Journeys.of(2, 5, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ha01.journey-span-sec")
        .hasMessageContaining("2.0")
        .hasMessageContaining("18 requests");
    assertThat(step(10).withJourneys(StepParameters.Journeys.of(2, 5, 2)).journeys().on()).isTrue();
    assertThat(step(1).withJourneys(StepParameters.Journeys.OFF).journeys().on()).isFalse();
  }
}
