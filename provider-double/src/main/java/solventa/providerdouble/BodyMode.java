package solventa.providerdouble;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What a 200 of the profile bundle carries: the contract's body, or a well-formed JSON document of
 * another schema (a provider that deployed the wrong version, or a route that answers another
 * endpoint's body).
 */
public enum BodyMode {
  /** The profile bundle of {@code docs/provider-contract.md}. */
  CONTRACT,
  /**
   * Well-formed JSON, not the contract: the customer's identification in the shape of Open
   * Finance's per-resource endpoints ({@code data} an array, as {@code GET
   * /personal/identifications} answers), with the usual {@code links} and {@code meta}.
   */
  WRONG_SCHEMA,
  /**
   * Well-formed JSON of another schema that keeps {@code data} an object: the bundle with its
   * identification as is and its three other sections under other names ({@code qualifications},
   * {@code financialRelations}, {@code accountBalances}: another version of the provider's API,
   * say). Every section the contract names for the signals is absent, so the body carries none.
   */
  RENAMED_SECTIONS;

  /** The sections of {@code data} that {@link #RENAMED_SECTIONS} renames, and their new names. */
  public static final java.util.Map<String, String> RENAMED =
      java.util.Map.of(
          "qualification", "qualifications",
          "financialRelation", "financialRelations",
          "balances", "accountBalances");

  /**
   * The name the admin API and the state use: {@code contract}, {@code wrong-schema}, {@code
   * renamed-sections}.
   */
  public String configName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static Optional<BodyMode> named(String name) {
    return Arrays.stream(values()).filter(m -> m.configName().equals(name)).findFirst();
  }
}
