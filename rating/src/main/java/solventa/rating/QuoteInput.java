package solventa.rating;

import java.util.Map;

/**
 * What the partner asks to price, besides the customer: a line of business code ("auto", "home",
 * "life") and the insured object's fields as parsed from JSON (numbers as {@link Number}, text as
 * {@link String}).
 */
public record QuoteInput(String lineOfBusiness, Map<String, Object> insuredObject) {}
