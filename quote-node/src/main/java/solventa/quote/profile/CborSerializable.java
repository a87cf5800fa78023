package solventa.quote.profile;

/**
 * Marker for messages that cross nodes (entity commands and their replies); bound to jackson-cbor
 * in {@code serialization.conf}.
 */
public interface CborSerializable {}
