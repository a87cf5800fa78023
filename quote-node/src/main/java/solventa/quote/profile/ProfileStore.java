package solventa.quote.profile;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import solventa.signals.CanonicalProfile;

/**
 * Where profile entities keep their last known value between lives (:CacheOF's Redis). Both
 * operations are asynchronous and may fail; a failure never fails a quote.
 */
public interface ProfileStore extends AutoCloseable {

  /** The last stored profile of a customer, empty when none. */
  CompletionStage<Optional<CanonicalProfile>> load(String customerId);

  /** Stores a profile as the customer's last known value, with the store's bounded lifetime. */
  CompletionStage<Void> save(CanonicalProfile profile);

  /**
   * Runs {@code listener} each time the store finds that its server restarted, and so may have lost
   * every value it held (a Redis without persistence comes back empty). The listener runs on the
   * store's I/O thread and must not block. A store that cannot tell never calls it.
   */
  default void whenRestarted(Runnable listener) {}

  @Override
  void close();
}
