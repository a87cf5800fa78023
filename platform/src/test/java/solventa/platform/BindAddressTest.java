package solventa.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BindAddressTest {
  @Test
  void loopbackSpellingsAreLoopback() {
    for (String h :
        new String[] {"127.0.0.1", " 127.3.4.5 ", "localhost", "LOCALHOST", "::1", "[::1]"}) {
      assertThat(BindAddress.isLoopback(h)).as(h).isTrue();
    }
  }

  @Test
  void wildcardsAndOtherAddressesAreNotLoopback() {
    for (String h :
        new String[] {"0.0.0.0", "*", "::", "10.0.0.4", "quote-1", "", "127.0.0.1.nip.io"}) {
      assertThat(BindAddress.isLoopback(h)).as(h).isFalse();
    }
  }

  @Test
  void wildcardsAreNamedAsSuch() {
    assertThat(BindAddress.isWildcard("0.0.0.0")).isTrue();
    assertThat(BindAddress.isWildcard("*")).isTrue();
    assertThat(BindAddress.isWildcard("[::]")).isTrue();
    assertThat(BindAddress.isWildcard("127.0.0.1")).isFalse();
    assertThat(BindAddress.isWildcard("quote-1")).isFalse();
  }
}
