package solventa.providerdouble;

/**
 * A part an incomplete customer's profile bundle lacks. Each gap names the JSON path (under the
 * response body) that is absent; the contract doc lists the same paths.
 */
public enum Gap {
  NO_QUALIFICATION("data.qualification"),
  NO_FINANCIAL_RELATION("data.financialRelation"),
  NO_BALANCES("data.balances"),
  NO_INFORMED_INCOME("data.qualification.informedIncome"),
  NO_INFORMED_PATRIMONY("data.qualification.informedPatrimony"),
  NO_START_DATE("data.financialRelation.startDate"),
  NO_AVAILABLE_AMOUNT("data.balances[*].availableAmount");

  private final String path;

  Gap(String path) {
    this.path = path;
  }

  /** The absent JSON path, {@code [*]} meaning "in every element". */
  public String path() {
    return path;
  }
}
