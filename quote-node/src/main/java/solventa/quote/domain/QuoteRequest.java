package solventa.quote.domain;

import solventa.rating.QuoteInput;

/** A parsed, validated {@code POST /v1/quotes} body. */
public record QuoteRequest(String partnerId, String customerId, QuoteInput input) {}
