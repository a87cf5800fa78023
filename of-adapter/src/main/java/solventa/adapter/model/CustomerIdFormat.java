package solventa.adapter.model;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which customer ids the adapter sends to a provider: those of the provider's own format ({@code
 * customer-id-pattern}) that are also one URL path segment no normalisation can change.
 *
 * <p>The id becomes the last segment of the provider's URL. A segment of {@code .} or {@code ..} is
 * collapsed by URI normalisation (the request then goes to another path, whose bare 404 a breaker
 * would count against every customer), and a reserved character ({@code / ? # %} …) changes the
 * path, the query or, percent-decoded, either. So an id is accepted only when every character is
 * RFC 3986 <i>unreserved</i> ({@code A-Z a-z 0-9 - . _ ~}), it is not a dot segment, and the
 * provider's pattern matches it whole. An id with {@code %} is refused outright: no decoding,
 * single or double, can then turn it into a dot segment or a slash.
 *
 * <p>The pattern is checked at start-up against a list of ids that would leave the segment: a
 * pattern that accepts any of them is refused, naming the key and the value. That list cannot cover
 * every pattern, so the segment check applies at every call, whatever the pattern.
 *
 * @param pattern the provider's customer-id format, matched against the whole id
 */
public record CustomerIdFormat(Pattern pattern) {

  /** The provider double's format (Open Finance customers {@code c} + 8 digits). */
  public static final String DEFAULT_PATTERN = "c[0-9]{8}";

  /** Longest id accepted (the quote API's bound on ids). */
  public static final int MAX_LENGTH = 64;

  /** Ids that leave one path segment: a configured pattern must accept none of them. */
  static final List<String> PATH_CHANGING =
      List.of(
          "",
          ".",
          "..",
          "%2e",
          "%2e%2e",
          "%2E%2E",
          "%252e%252e",
          ".%2e",
          "a/b",
          "a/../b",
          "a\\b",
          "a?b",
          "a#b",
          "a%2fb",
          "a;b",
          "a b",
          "a@b",
          "a:b");

  public CustomerIdFormat {
    ConfigChecks.require(pattern != null, "customer-id-pattern", null, "is required");
    for (String id : PATH_CHANGING) {
      ConfigChecks.require(
          !pattern.matcher(id).matches(),
          "customer-id-pattern",
          pattern.pattern(),
          "accepts '" + id + "', which would not stay one URL path segment");
    }
  }

  /** The format of {@code pattern}, refused (naming the key) when it does not compile. */
  public static CustomerIdFormat of(String pattern) {
    try {
      return new CustomerIdFormat(Pattern.compile(pattern));
    } catch (PatternSyntaxException e) {
      throw new InvalidAdapterConfigException(
          "customer-id-pattern", pattern, "is not a regular expression: " + e.getDescription());
    }
  }

  /** The double's format. */
  public static CustomerIdFormat standard() {
    return of(DEFAULT_PATTERN);
  }

  /** Whether the adapter sends {@code id} to the provider. */
  public boolean accepts(String id) {
    return staysOneSegment(id) && pattern.matcher(id).matches();
  }

  /**
   * Whether {@code id} is a non-empty path segment of at most {@link #MAX_LENGTH} unreserved
   * characters that is not {@code .} or {@code ..}: one that no URI normalisation or decoding
   * changes.
   */
  public static boolean staysOneSegment(String id) {
    if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
      return false;
    }
    if (id.equals(".") || id.equals("..")) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      boolean unreserved =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '.'
              || c == '_'
              || c == '~';
      if (!unreserved) {
        return false;
      }
    }
    return true;
  }

  /** The message a refused id gets: the format, never the id. */
  public String describe() {
    return "the provider's customer-id format (" + pattern.pattern() + ")";
  }
}
