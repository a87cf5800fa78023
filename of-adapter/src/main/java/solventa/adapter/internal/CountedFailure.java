package solventa.adapter.internal;

/** The one throwable Resilience4j records for every counted failure: no stack, no message. */
final class CountedFailure extends RuntimeException {
  CountedFailure() {
    super("counted breaker failure", null, false, false);
  }
}
