package solventa.ops.analysis.figures;

/** One sanity check of the experiment card (Protocol); a failed check invalidates its run. */
public record SanityCheck(String run, String name, boolean passed, String detail) {}
