package solventa.ops;

/** One sanity check of SPEC §7; a failed check invalidates its run. */
public record SanityCheck(String run, String name, boolean passed, String detail) {}
