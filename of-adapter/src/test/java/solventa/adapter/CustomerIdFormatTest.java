package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.adapter.model.CustomerIdFormat;
import solventa.adapter.model.InvalidAdapterConfigException;

class CustomerIdFormatTest {
  private final CustomerIdFormat standard = CustomerIdFormat.standard();

  @ParameterizedTest
  @ValueSource(strings = {"c00000000", "c12345678", "c99999999"})
  void acceptsTheProvidersFormat(String id) {
    assertThat(standard.accepts(id)).isTrue();
  }

  /** Dot segments, reserved characters, percent-encodings of either and ids of another format. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        ".",
        "..",
        "%2e%2e",
        "%2E%2E",
        ".%2e",
        "%252e%252e",
        "c00000001/..",
        "../c00000001",
        "c00000001%2f",
        "c0000000.",
        "c00000001?",
        "c00000001#",
        "c 0000001",
        "C00000001",
        "c0000000１",
        "c000000001",
        "c0000001"
      })
  void refusesAnythingElse(String id) {
    assertThat(standard.accepts(id)).isFalse();
  }

  @Test
  void refusesNull() {
    assertThat(standard.accepts(null)).isFalse();
  }

  /** The segment check alone, whatever the pattern: dot segments and non-unreserved characters. */
  @ParameterizedTest
  @ValueSource(strings = {".", "..", "a/b", "a%2eb", "a b", "a?b", "a#b", "a;b", "é"})
  void aPathChangingIdNeverStaysOneSegment(String id) {
    assertThat(CustomerIdFormat.staysOneSegment(id)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"a", "a.b", "...", "A-b_c~d", "c00000001"})
  void unreservedIdsThatAreNotDotSegmentsStayOneSegment(String id) {
    assertThat(CustomerIdFormat.staysOneSegment(id)).isTrue();
  }

  @Test
  void aLongerIdThanTheApiAcceptsIsRefused() {
    CustomerIdFormat any = CustomerIdFormat.of("[a-z]+");
    assertThat(any.accepts("a".repeat(CustomerIdFormat.MAX_LENGTH))).isTrue();
    assertThat(any.accepts("a".repeat(CustomerIdFormat.MAX_LENGTH + 1))).isFalse();
  }

  /** A pattern that would let a path-changing id through refuses to start, naming the id. */
  @Test
  void aPatternThatAcceptsADotSegmentRefusesNamingIt() {
    assertThatThrownBy(() -> CustomerIdFormat.of("[a-z.]*"))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith("customer-id-pattern = [a-z.]*")
        .hasMessageContaining("would not stay one URL path segment");
  }

  @Test
  void aPatternThatDoesNotCompileRefuses() {
    assertThatThrownBy(() -> CustomerIdFormat.of("c[0-9"))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageContaining("not a regular expression");
  }
}
