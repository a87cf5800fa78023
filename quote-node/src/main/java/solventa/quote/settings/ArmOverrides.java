package solventa.quote.settings;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import solventa.quote.settings.QuoteSettings.Breaker;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;
import solventa.vocabulary.Arm;
import solventa.vocabulary.ArmTraits;

/**
 * The arm a node runs, as its configuration names it: {@code quote.arm} with the trait overrides of
 * {@code quote.traits.*}, or a label of the configuration's own with every trait given. A refusal
 * names the key and the value as written.
 */
final class ArmOverrides {
  private ArmOverrides() {}

  /** The trait overrides {@code quote.traits.*}, in the order of {@link ArmTraits}'s fields. */
  private static final List<String> TRAIT_KEYS =
      List.of("traits.cache", "traits.falls-back", "traits.coalesces");

  /**
   * The arm of {@code quote.arm} with the overrides of {@code quote.traits.*} (the breaker's is
   * {@code quote.breaker}, which the constructor applies). A label the card does not name is an arm
   * of the configuration's own, accepted only when every trait is given: {@code
   * quote.traits.cache}, {@code falls-back}, {@code coalesces}, and {@code quote.breaker} on or
   * off.
   */
  static Arm arm(Config q, Breaker breaker) {
    String armText = q.getString("arm");
    Boolean cache = trait(q, TRAIT_KEYS.get(0));
    Boolean fallsBack = trait(q, TRAIT_KEYS.get(1));
    Boolean coalesces = trait(q, TRAIT_KEYS.get(2));
    Optional<Arm> named = Arm.parse(armText);
    boolean complete =
        cache != null && fallsBack != null && coalesces != null && breaker != Breaker.BY_ARM;
    if (named.isEmpty() && !(complete && !armText.isBlank())) {
      throw new InvalidQuoteSettings(
          "quote.arm",
          armText,
          "must be one of A, B, C, C', or a label of its own with every quote.traits.* set and"
              + " quote.breaker on or off");
    }
    ArmTraits base =
        named.map(Arm::traits).orElse(new ArmTraits(false, false, false, breaker == Breaker.ON));
    try {
      ArmTraits t =
          new ArmTraits(
              cache == null ? base.cache() : cache,
              fallsBack == null ? base.fallsBack() : fallsBack,
              coalesces == null ? base.coalesces() : coalesces,
              base.breaker());
      return new Arm(named.map(Arm::label).orElse(armText.trim()), t);
    } catch (IllegalArgumentException e) {
      throw new InvalidQuoteSettings(
          "quote.traits", armText + " with " + overrides(q), e.getMessage());
    }
  }

  /** The trait overrides set, as the configuration writes them. */
  private static String overrides(Config q) {
    return TRAIT_KEYS.stream()
        .filter(q::hasPath)
        .map(k -> "quote." + k + " = " + q.getValue(k).render())
        .collect(Collectors.joining(", "));
  }

  /** An optional on/off trait override; null when absent. */
  private static Boolean trait(Config q, String key) {
    if (!q.hasPath(key)) {
      return null;
    }
    try {
      return q.getBoolean(key);
    } catch (ConfigException.WrongType e) {
      throw new InvalidQuoteSettings("quote." + key, q.getValue(key).render(), "must be on or off");
    }
  }
}
