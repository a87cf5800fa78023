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
