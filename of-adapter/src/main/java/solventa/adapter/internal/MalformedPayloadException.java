package solventa.adapter.internal;

/** The provider's body cannot be read as the contract; the call is a counted MALFORMED failure. */
public final class MalformedPayloadException extends Exception {
  public MalformedPayloadException(String message) {
    super(message);
  }

  public MalformedPayloadException(String message, Throwable cause) {
    super(message, cause);
  }
}
