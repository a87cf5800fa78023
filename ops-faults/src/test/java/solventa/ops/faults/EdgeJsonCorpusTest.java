package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hostile JSON corpus: its size, its kinds, its bound and its seed. */
class EdgeJsonCorpusTest {
  @Test
  void theCorpusHasEveryKindEquallyAndStaysBelowMaxBody() {
    List<EdgeJsonCorpus.Body> c = EdgeJsonCorpus.build("c00200000", 30, 7);
    assertThat(c).hasSize(30 * EdgeJsonCorpus.Kind.values().length).hasSize(330);
    for (EdgeJsonCorpus.Kind k : EdgeJsonCorpus.Kind.values()) {
      assertThat(c.stream().filter(b -> b.kind() == k)).hasSize(30);
    }
    assertThat(c)
        .allSatisfy(b -> assertThat(b.bytes().length).isLessThan(EdgeJsonCorpus.MAX_BYTES));
  }

  @Test
  void theSameSeedBuildsTheSameCorpus() {
    List<EdgeJsonCorpus.Body> a = EdgeJsonCorpus.build("c1", 10, 42);
    List<EdgeJsonCorpus.Body> b = EdgeJsonCorpus.build("c1", 10, 42);
    for (int i = 0; i < a.size(); i++) {
      assertThat(Arrays.equals(a.get(i).bytes(), b.get(i).bytes())).isTrue();
    }
  }

  @Test
  void theKindsAreWhatTheySay() {
    List<EdgeJsonCorpus.Body> c = EdgeJsonCorpus.build("c00200000", 30, 7);
    for (EdgeJsonCorpus.Body b : c) {
      String s = new String(b.bytes(), StandardCharsets.UTF_8);
      switch (b.kind()) {
        case DEEP_NESTING -> assertThat(s).containsAnyOf("[".repeat(3000), "{\"a\":".repeat(2000));
        case INVALID_UTF8 -> assertThat(s).contains("\uFFFD");
        case EMPTY -> assertThat(s.isBlank()).isTrue();
        case DUPLICATE_KEY ->
            assertThat(
                    s.split("customerId").length > 2
                        || s.split("partnerId").length > 2
                        || s.split("lineOfBusiness").length > 2
                        || s.split("insuredObject").length > 2
                        || s.split("\"age\"").length > 2)
                .as(s)
                .isTrue();
        case TRAILING_CONTENT ->
            assertThat(s.indexOf("}}") + 2).as("something after the object").isLessThan(s.length());
        case LONG_NUMBER -> assertThat(s).containsPattern("[0-9.]{1000,}");
        case LONG_STRING -> assertThat(s).contains("x".repeat(1000));
        case TRUNCATED -> assertThat(s).doesNotEndWith("}}");
        default -> assertThat(s).isNotNull();
      }
    }
  }
}
