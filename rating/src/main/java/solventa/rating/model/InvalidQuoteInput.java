package solventa.rating.model;

/** A domain rejection of the quote input; the quote API answers 400 naming {@link #field()}. */
public final class InvalidQuoteInput extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String field;

  public InvalidQuoteInput(String field, String message) {
    super(message);
    this.field = field;
  }

  /** The JSON path of the offending field, e.g. "insuredObject.vehicleValue". */
  public String field() {
    return field;
  }
}
