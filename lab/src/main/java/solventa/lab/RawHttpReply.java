package solventa.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 answer read off a raw socket, for the tests that must write what no HTTP client
 * sends (a body that stalls, a declared length never delivered): its status line and its body, of
 * the length its {@code Content-Length} declares (what the servers under test send for a problem).
 *
 * @param statusLine e.g. {@code HTTP/1.1 408 Request Timeout}; null when the server closed first
 * @param body the body as UTF-8, as much of it as arrived before the server closed
 */
public record RawHttpReply(String statusLine, String body) {

  /**
   * Writes one request on {@code socket} — its {@code Host} header, and {@code Content-Type} and
   * {@code Content-Length} when {@code body} is not null — then reads its answer. Several can
   * follow one another on one socket, to see whether the server kept the connection.
   */
  public static RawHttpReply exchange(
      java.net.Socket socket, String method, String path, String contentType, byte[] body)
      throws IOException {
    return exchange(socket, method, path, null, contentType, body);
  }

  /**
   * As {@link #exchange(java.net.Socket, String, String, String, byte[])}, with an {@code
   * Authorization} header when {@code authorization} is not null.
   */
  public static RawHttpReply exchange(
      java.net.Socket socket,
      String method,
      String path,
      String authorization,
      String contentType,
      byte[] body)
      throws IOException {
    StringBuilder head =
        new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if (authorization != null) {
      head.append("Authorization: ").append(authorization).append("\r\n");
    }
    if (body != null) {
      head.append("Content-Type: ").append(contentType).append("\r\n");
      head.append("Content-Length: ").append(body.length).append("\r\n");
    }
    head.append("\r\n");
    java.io.OutputStream out = socket.getOutputStream();
    out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
    if (body != null) {
      out.write(body);
    }
    out.flush();
    return read(socket.getInputStream());
  }

  /** Reads one answer from {@code in}: the status line, the headers, then the declared body. */
  public static RawHttpReply read(InputStream in) throws IOException {
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    String status = r.readLine();
    int length = 0;
    for (String h = r.readLine(); h != null && !h.isEmpty(); h = r.readLine()) {
      if (h.regionMatches(true, 0, "Content-Length:", 0, 15)) {
        length = Integer.parseInt(h.substring(15).trim());
      }
    }
    char[] body = new char[length];
    int read = 0;
    while (read < length) {
      int n = r.read(body, read, length - read);
      if (n < 0) {
        break;
      }
      read += n;
    }
    return new RawHttpReply(status, new String(body, 0, read));
  }
}
