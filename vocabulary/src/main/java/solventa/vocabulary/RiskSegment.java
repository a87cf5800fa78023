package solventa.vocabulary;

/**
 * A risk segment of the lab's world: the band (or category) of the one field the rule book rates
 * for a line of business. The label is written exactly as the rating engine writes its bands (a
 * half-open {@code [lower,upper)}, {@code -inf} and {@code +inf} for an open side) or is the
 * category itself, so a segment and the rule book's band it stands for are found by the same string
 * on both sides.
 *
 * @param line the line of business ({@code auto}, {@code home}, {@code life})
 * @param field the insured object's rated field ({@code vehicleYear}, {@code constructionType},
 *     {@code age})
 * @param label the band's label, e.g. {@code [2018,2024)}, or the category, e.g. {@code masonry}
 */
public record RiskSegment(String line, String field, String label) {

  /** e.g. {@code auto vehicleYear [2018,2024)}: how reports and logs name a segment. */
  public String display() {
    return line + " " + field + " " + label;
  }

  @Override
  public String toString() {
    return display();
  }
}
