package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.ParameterException;

/** {@code bin/lab load}'s options: defaults, what is refused and how, and no lab to load. */
class LiveLoadOptionsTest {

  @Test
  void theRateIsNeededTheRestHasDefaults() {
    LiveLoad.Options o = LiveLoad.Options.parse("--rate", "50");
    assertThat(o.rate()).isEqualTo(50);
    assertThat(o.hitRate()).isEqualTo(0.96);
    assertThat(o.forSec()).isEqualTo(60);
    assertThat(o.dir()).isNull();
    LiveLoad.Options all =
        LiveLoad.Options.parse("--rate", "7", "--hit-rate", "0.5", "--for", "3600");
    assertThat(all.hitRate()).isEqualTo(0.5);
    assertThat(all.forSec()).isEqualTo(3600);
    assertThatThrownBy(() -> LiveLoad.Options.parse("--for", "5"))
        .isInstanceOf(ParameterException.class)
        .hasMessageContaining("--rate");
  }

  @ParameterizedTest
  @CsvSource({
    "--rate,0,'--rate must be 1..2000, was 0'",
    "--rate,2001,'--rate must be 1..2000, was 2001'",
    "--hit-rate,1,'--hit-rate must be a share in (0, 1), was 1.0'",
    "--hit-rate,0,'--hit-rate must be a share in (0, 1), was 0.0'",
    "--for,0,'--for must be 1..3600, was 0'",
    "--for,3601,'--for must be 1..3600, was 3601'"
  })
  void aValueOutOfRangeIsRefusedNamingOptionAndValue(String option, String value, String message) {
    String[] args =
        option.equals("--rate")
            ? new String[] {"--rate", value}
            : new String[] {"--rate", "10", option, value};
    assertThatThrownBy(() -> LiveLoad.Options.parse(args))
        .isInstanceOf(ParameterException.class)
        .hasMessage(message);
  }

  @Test
  void aValueThatIsNotANumberIsRefusedNamingIt() {
    assertThatThrownBy(() -> LiveLoad.Options.parse("--rate", "lots"))
        .isInstanceOf(ParameterException.class)
        .hasMessageContaining("--rate")
        .hasMessageContaining("lots");
  }

  @Test
  void badOptionsExitTwoWithTheUsageAndNoLabExitsOne() {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int code =
        LiveLoad.run(
            new String[] {"--rate", "10", "--colour", "red"},
            new PrintStream(buf, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(2);
    assertThat(buf.toString(StandardCharsets.UTF_8)).contains("--colour", "--hit-rate=H");

    ByteArrayOutputStream none = new ByteArrayOutputStream();
    Path empty = Path.of("target", "live-load-no-lab-" + System.nanoTime()).toAbsolutePath();
    int noLab =
        LiveLoad.run(
            new String[] {"--rate", "10", "--dir", empty.toString()},
            new PrintStream(none, true, StandardCharsets.UTF_8));
    assertThat(noLab).isEqualTo(1);
    assertThat(none.toString(StandardCharsets.UTF_8)).contains("the lab is not up");
  }
}
