package solventa.rating.model;

/**
 * Which default profile prices a quote whose provider gave nothing (origin DEFAULT), chosen by
 * {@code rating.default-profile}. Both modes run on the same binary and the same rule book, so an
 * experiment can set one against the other without a rebuild.
 */
public enum DefaultProfileMode {
  /** The line's one default profile: every DEFAULT quote of a line prices on the same customer. */
  LINE("line"),

  /**
   * The default profile of the insured object's risk segment (the band or category its object
   * factor uses): a DEFAULT quote prices on the median customer of its own segment, so the fallback
   * follows the customers the segment actually has instead of one customer for the whole line.
   */
  SEGMENT("segment");

  private final String setting;

  DefaultProfileMode(String setting) {
    this.setting = setting;
  }

  /** The value of {@code rating.default-profile} that selects this mode. */
  public String setting() {
    return setting;
  }
}
