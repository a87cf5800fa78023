package solventa.ops;

import java.util.List;

/**
 * A hypothesis' verdict, computed from measurements: {@code supported}, {@code refuted} or {@code
 * inconclusive}, with the measured values it rests on (or why they are missing).
 */
public record Verdict(String id, String statement, String verdict, List<String> evidence) {
  public static final String SUPPORTED = "supported";
  public static final String REFUTED = "refuted";
  public static final String INCONCLUSIVE = "inconclusive";
}
