package solventa.ops.lab;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JvmLauncherTest {

  /** A secret on the command line is visible to every user through ps: refused, naming the key. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "-Drating.password=x",
        "-Dof-adapter.management.token=abcdefghijklmnopq",
        "-Dquote.trace.salt=s",
        "-Dquote.stats.reset-token=t",
        "-Dsome.SECRET=y"
      })
  void aSecretAsASystemPropertyIsRefusedNamingTheKeyNotTheValue(String property) {
    String key = property.substring(2, property.indexOf('='));
    String value = property.substring(property.indexOf('=') + 1);
    assertThatThrownBy(() -> JvmLauncher.refuseSecrets(List.of("-Dquote.arm=C", property)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(key + " holds a secret")
        .satisfies(
            e ->
                org.assertj.core.api.Assertions.assertThat(e.getMessage())
                    .doesNotContain("=" + value));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-Dquote.arm=C'",
        "-Dpekko.management.http.route-providers-read-only=false",
        "-Dof-adapter.management.allow-force=true",
        "-Drating.user=postgres",
        "-XX:ActiveProcessorCount=2"
      })
  void ordinarySettingsPass(String property) {
    assertThatCode(() -> JvmLauncher.refuseSecrets(List.of(property))).doesNotThrowAnyException();
  }
}
