package solventa.ops.protocol;

import java.util.Locale;
import solventa.vocabulary.ProviderState;

/**
 * The names of the provider states ({@link ProviderState}, the double's own enum, in the order a
 * run walks them): the card's Spanish name (Provider states) — the one place the bench maps them —
 * and the lower-case label used in step ids, the CSV, the report and {@code bin/lab state}.
 */
public final class StateNames {
  private StateNames() {}

  /** The card's name of {@code s}. */
  public static String card(ProviderState s) {
    return switch (s) {
      case HEALTHY -> "Sano";
      case SLOW -> "Lento";
      case DEGRADED -> "Degradado";
      case UNRESPONSIVE -> "Sin respuesta";
      case DOWN -> "Caído";
      case RECOVERY -> "Recuperación";
    };
  }

  /** "healthy", "slow", …: {@code s} as step ids and the command line write it. */
  public static String label(ProviderState s) {
    return s.name().toLowerCase(Locale.ROOT);
  }
}
