package solventa.signals;

/**
 * The canonical signals that rating reads from an Open Finance profile. Each one may be missing
 * from a profile; amounts are in the profile's currency (BRL in the provider contract).
 */
public enum Signal {
  /** Declared income normalised to a monthly amount (from {@code informedIncome}). */
  MONTHLY_INCOME,
  /** Declared patrimony (from {@code informedPatrimony}). */
  PATRIMONY,
  /** Months since the start of the financial relationship (from {@code startDate}). */
  RELATIONSHIP_MONTHS,
  /** Number of product/service types held (from {@code productsServicesType}). */
  PRODUCTS_HELD,
  /** Sum of available balances over the customer's accounts. */
  AVAILABLE_BALANCE,
  /** Sum of blocked balances over the customer's accounts. */
  BLOCKED_BALANCE,
  /** Sum of automatically invested balances over the customer's accounts. */
  INVESTED_BALANCE
}
