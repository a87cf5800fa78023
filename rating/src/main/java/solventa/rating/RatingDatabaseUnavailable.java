package solventa.rating;

/**
 * The rule book's database could not be reached at start-up after every configured attempt ({@code
 * rating.connect-attempts}); the message names the URL, the attempts and the last error.
 */
public final class RatingDatabaseUnavailable extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RatingDatabaseUnavailable(String message, Throwable lastError) {
    super(message, lastError);
  }
}
