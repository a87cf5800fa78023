package solventa.ops.analysis.hypotheses;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A hypothesis' verdict, computed from measurements: {@code supported}, {@code refuted} or {@code
 * inconclusive}, with the measured values it rests on (or why they are missing). {@code
 * provisional} is set on HD-01 when fewer runs than the card requires were made. {@code
 * byConstruction} says whether the design's own arithmetic already fixes the outcome (an
 * implementation check rather than a finding about the design), and {@code construction} is that
 * arithmetic; null in results written before they were judged. {@code clauses} are HD-01's
 * refutation clauses one by one. {@code basis} says what the verdict was judged on (the runs it
 * read, and for the pooled policy settings their trials: "1 run of 3; judged settings: 1 trial each
 * of ≥ 5"), so a verdict of a profile that runs fewer repeats says so; null in results written
 * before it.
 *
 * <p>{@code findings} are the evidence as data, as the rules judged it (not stored); {@code
 * evidence} is their words, which the report writes ({@link #worded}) and results.json keeps: a
 * verdict read back from results.json has its words and no findings.
 */
public record Verdict(
    String id,
    String statement,
    String verdict,
    List<String> evidence,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean provisional,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean byConstruction,
    @JsonInclude(JsonInclude.Include.NON_NULL) String construction,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Clause> clauses,
    @JsonInclude(JsonInclude.Include.NON_NULL) String basis,
    @JsonIgnore List<Finding> findings) {
  public static final String SUPPORTED = "supported";
  public static final String REFUTED = "refuted";
  public static final String INCONCLUSIVE = "inconclusive";

  /**
   * One of HD-01's refutation clauses: {@code outcome} is {@code refutes}, {@code holds} or {@code
   * undecided}; {@code flipsAt} the input value at which it would change, where one exists.
   */
  public record Clause(
      String clause, String outcome, @JsonInclude(JsonInclude.Include.NON_NULL) String flipsAt) {
    public static final String REFUTES = "refutes";
    public static final String HOLDS = "holds";
    public static final String UNDECIDED = "undecided";
  }

  public Verdict {
    findings = findings == null ? List.of() : List.copyOf(findings);
  }

  /** A verdict with its evidence in words only (one read back, or a test's). */
  public Verdict(String id, String statement, String verdict, List<String> evidence) {
    this(id, statement, verdict, evidence, null, null, null, null, null, List.of());
  }

  /** A verdict as the rules judged it: its findings, not yet in words. */
  static Verdict judged(String id, String statement, String verdict, List<Finding> findings) {
    return new Verdict(id, statement, verdict, List.of(), null, null, null, null, null, findings);
  }

  /** This verdict with HD-01's provisional mark. */
  public Verdict provisional(Boolean p) {
    return new Verdict(
        id,
        statement,
        verdict,
        evidence,
        p,
        byConstruction,
        construction,
        clauses,
        basis,
        findings);
  }

  /**
   * This verdict with its findings in {@code words}, one line per finding, as the report words
   * them.
   */
  public Verdict worded(List<String> words) {
    return new Verdict(
        id,
        statement,
        verdict,
        List.copyOf(words),
        provisional,
        byConstruction,
        construction,
        clauses,
        basis,
        findings);
  }

  /** This verdict marked true by construction ({@code arithmetic} non-null) or not. */
  public Verdict checked(String arithmetic) {
    return new Verdict(
        id,
        statement,
        verdict,
        evidence,
        provisional,
        arithmetic != null,
        arithmetic,
        clauses,
        basis,
        findings);
  }

  /** This verdict with HD-01's clauses. */
  public Verdict withClauses(List<Clause> c) {
    return new Verdict(
        id,
        statement,
        verdict,
        evidence,
        provisional,
        byConstruction,
        construction,
        List.copyOf(c),
        basis,
        findings);
  }

  /** This verdict with what it was judged on. */
  public Verdict withBasis(String b) {
    return new Verdict(
        id,
        statement,
        verdict,
        evidence,
        provisional,
        byConstruction,
        construction,
        clauses,
        b,
        findings);
  }

  /** Whether the design's arithmetic fixes the outcome (false when not judged); not stored. */
  @JsonIgnore
  public boolean isCheck() {
    return Boolean.TRUE.equals(byConstruction);
  }
}
