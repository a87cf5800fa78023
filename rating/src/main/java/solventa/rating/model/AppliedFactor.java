package solventa.rating.model;

import java.math.BigDecimal;

/** One multiplicative factor applied to the base rate, named after its rule. */
public record AppliedFactor(String name, BigDecimal value) {}
