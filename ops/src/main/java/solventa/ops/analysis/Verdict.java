package solventa.ops.analysis;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A hypothesis' verdict, computed from measurements: {@code supported}, {@code refuted} or {@code
 * inconclusive}, with the measured values it rests on (or why they are missing). {@code
 * provisional} is set on HD-01 when fewer runs than the card requires were made.
 */
public record Verdict(
    String id,
    String statement,
    String verdict,
    List<String> evidence,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean provisional) {
  public static final String SUPPORTED = "supported";
  public static final String REFUTED = "refuted";
  public static final String INCONCLUSIVE = "inconclusive";

  public Verdict(String id, String statement, String verdict, List<String> evidence) {
    this(id, statement, verdict, evidence, null);
  }
}
