package solventa.platform;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * What a configured bind address spells, read without any name lookup: the quote node (HTTP,
 * Management, Artery, Kamon) and the provider double refuse to start on anything but loopback
 * unless their {@code allow-non-loopback} setting is on, so that no other machine reaches their
 * open routes.
 */
public final class BindAddress {
  private BindAddress() {}

  /**
   * {@code localhost}, or a literal loopback address (127.0.0.0/8, ::1); names are not looked up.
   */
  public static boolean isLoopback(String host) {
    String h = host.strip();
    if (h.equalsIgnoreCase("localhost")) {
      return true;
    }
    return literal(h).map(InetAddress::isLoopbackAddress).orElse(false);
  }

  /** {@code *}, or a literal wildcard address ({@code 0.0.0.0}, {@code ::}). */
  public static boolean isWildcard(String host) {
    String h = host.strip();
    return h.equals("*") || literal(h).map(InetAddress::isAnyLocalAddress).orElse(false);
  }

  /** The address {@code host} spells as an IP literal, without any name lookup; empty for names. */
  static Optional<InetAddress> literal(String host) {
    String h =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    boolean v4 = h.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    boolean v6 = h.contains(":") && h.matches("[0-9A-Fa-f:.]+");
    if (!v4 && !v6) {
      return Optional.empty();
    }
    try {
      return Optional.of(InetAddress.getByName(h));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }
}
