package solventa.providerdouble.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import solventa.providerdouble.InvalidSettingException;

/**
 * {@link ClientQuota} on a monotonic clock the test moves by hand: N calls a second per client
 * credential, the wait a refusal carries, the credentials it meters apart and the bound on them.
 */
class ClientQuotaTest {
  private final AtomicLong nanos = new AtomicLong(5_000_000_000L);

  private int passed(ClientQuota q, String credential, int calls) {
    int n = 0;
    for (int i = 0; i < calls; i++) {
      if (q.take(credential).isEmpty()) {
        n++;
      }
    }
    return n;
  }

  @Test
  void offLetsEveryCallThrough() {
    ClientQuota q = new ClientQuota(0, nanos::get);
    assertThat(passed(q, "Bearer a", 10_000)).isEqualTo(10_000);
    assertThat(q.snapshot()).isEqualTo(new ClientQuota.Snapshot(0, 0, 0));
  }

  @Test
  void nCallsASecondThenTheRestWaitForTheNextSecond() {
    ClientQuota q = new ClientQuota(100, nanos::get);
    assertThat(passed(q, "Bearer a", 150)).isEqualTo(100);
    nanos.addAndGet(Duration.ofMillis(300).toNanos());
    Duration wait = q.take("Bearer a").orElseThrow();
    assertThat(wait).isEqualTo(Duration.ofMillis(700));
    assertThat(ClientQuota.retryAfterSeconds(wait)).isEqualTo(1);
    nanos.addAndGet(wait.toNanos());
    assertThat(passed(q, "Bearer a", 150)).as("the next second's, none banked").isEqualTo(100);
    assertThat(q.snapshot().refusedSinceChange()).isEqualTo(50 + 1 + 50);
  }

  @Test
  void eachCredentialHasItsOwnQuotaAndNoHeaderIsTheAnonymousClient() {
    ClientQuota q = new ClientQuota(3, nanos::get);
    assertThat(passed(q, "Bearer a", 10)).isEqualTo(3);
    assertThat(passed(q, "Bearer b", 10)).isEqualTo(3);
    assertThat(passed(q, null, 10)).isEqualTo(3);
    assertThat(passed(q, ClientQuota.ANONYMOUS, 10)).as("the same anonymous client").isZero();
    assertThat(q.snapshot().credentials()).isEqualTo(3);
  }

  @Test
  void credentialsBeyondTheBoundShareOneQuota() {
    ClientQuota q = new ClientQuota(2, nanos::get);
    for (int i = 0; i < ClientQuota.MAX_CREDENTIALS; i++) {
      passed(q, "Bearer " + i, 1);
    }
    int passed = 0;
    for (int i = 0; i < 1_000; i++) {
      passed += passed(q, "Bearer invented-" + i, 1);
    }
    assertThat(passed).isEqualTo(2);
    assertThat(q.snapshot().credentials()).isEqualTo(ClientQuota.MAX_CREDENTIALS);
  }

  @Test
  void aNewSettingStartsEveryCredentialAfresh() {
    ClientQuota q = new ClientQuota(1, nanos::get);
    passed(q, "Bearer a", 5);
    q.set(2);
    assertThat(q.snapshot()).isEqualTo(new ClientQuota.Snapshot(2, 0, 0));
    assertThat(passed(q, "Bearer a", 5)).isEqualTo(2);
  }

  @Test
  void aQuotaOutOfRangeIsRefusedNamingTheField() {
    ClientQuota q = new ClientQuota(1, nanos::get);
    assertThatThrownBy(() -> q.set(-1))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageContaining("callsPerSecond");
  }
}
