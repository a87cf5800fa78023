package solventa.lab;

/**
 * A lab server could not be provided. The message always says what is missing and how to get it, so
 * a failed start never ends in a bare stack trace.
 */
public final class LabException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LabException(String message) {
    super(message);
  }

  public LabException(String message, Throwable cause) {
    super(message + (cause == null ? "" : " (cause: " + cause + ")"), cause);
  }
}
