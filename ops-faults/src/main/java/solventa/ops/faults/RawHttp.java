package solventa.ops.faults;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 spoken by hand over a {@link Socket} to the node (127.0.0.1 only): the edge rows send
 * bytes no well-behaved client would (conflicting framing, huge headers, pipelined requests, a
 * half-closed socket, garbage) and read the answers back, each read bounded by a socket timeout.
 */
final class RawHttp {
  /** Longest status line plus headers read from an answer. */
  static final int MAX_HEAD = 64 * 1024;

  /** Longest body read from an answer. */
  static final int MAX_BODY = 1024 * 1024;

  /** One answer: its status, its headers (names in lower case) and its body. */
  record Answer(int status, Map<String, String> headers, byte[] body) {
    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    String bodyText() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /**
   * What one exchange saw: the answers read (in order), and how reading ended: {@code "closed"}
   * (the node closed the connection), {@code "timeout"} (no byte within the bound), {@code
   * "complete"} (every answer asked for was read), or the I/O error's message.
   */
  record Exchange(List<Answer> answers, String end, long millis) {}

  private RawHttp() {}

  /**
   * Connects to 127.0.0.1:{@code port}, writes {@code request} in one write, optionally half-closes
   * (shutdownOutput), then reads up to {@code expected} answers, each byte within {@code
   * timeoutMs}; the whole exchange is bounded by the reads' timeouts.
   */
  static Exchange exchange(int port, byte[] request, int expected, int timeoutMs, boolean halfClose)
      throws IOException {
    long t0 = System.nanoTime();
    List<Answer> answers = new ArrayList<>();
    String end = "complete";
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), timeoutMs);
      s.setSoTimeout(timeoutMs);
      OutputStream out = s.getOutputStream();
      try {
        out.write(request);
        out.flush();
        if (halfClose) {
          s.shutdownOutput();
        }
      } catch (IOException e) {
        // the node may answer and close before it read everything (a refused huge header)
        end = "write failed: " + e.getMessage();
      }
      InputStream in = s.getInputStream();
      while (answers.size() < expected) {
        try {
          answers.add(read(in));
        } catch (EOFException e) {
          end = "closed";
          break;
        } catch (SocketTimeoutException e) {
          end = "timeout";
          break;
        } catch (IOException e) {
          end = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
          break;
        }
      }
    }
    return new Exchange(answers, end, (System.nanoTime() - t0) / 1_000_000);
  }

  /** Reads one answer; EOFException when the stream ends before its status line is complete. */
  static Answer read(InputStream in) throws IOException {
    String head = head(in);
    String[] lines = head.split("\r\n");
    String[] statusLine = lines[0].split(" ", 3);
    if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
      throw new IOException("not an HTTP status line: " + lines[0]);
    }
    int status = Integer.parseInt(statusLine[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).trim());
      }
    }
    byte[] body;
    String length = headers.get("content-length");
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      body = chunked(in);
    } else if (length != null) {
      body = exactly(in, Math.min(MAX_BODY, Integer.parseInt(length)));
    } else {
      body = new byte[0];
    }
    return new Answer(status, headers, body);
  }

  // the status line and headers, up to the blank line (without it)
  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int last = 0;
    while (last != 0x0d0a0d0a) {
      int c = in.read();
      if (c < 0) {
        throw new EOFException("the stream ended after " + b.size() + " bytes of an answer");
      }
      b.write(c);
      last = (last << 8) | c;
      if (b.size() > MAX_HEAD) {
        throw new IOException("an answer's head longer than " + MAX_HEAD + " bytes");
      }
    }
    byte[] all = b.toByteArray();
    return new String(all, 0, all.length - 4, StandardCharsets.ISO_8859_1);
  }

  private static byte[] exactly(InputStream in, int n) throws IOException {
    byte[] body = in.readNBytes(n);
    if (body.length < n) {
      throw new EOFException("the body ended after " + body.length + " of " + n + " bytes");
    }
    return body;
  }

  private static byte[] chunked(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String sizeLine = line(in);
      int semi = sizeLine.indexOf(';');
      int size = Integer.parseInt((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
      if (size == 0) {
        // trailers, up to the blank line
        while (!line(in).isEmpty()) {
          // skipped
        }
        return body.toByteArray();
      }
      if (body.size() + size > MAX_BODY) {
        throw new IOException("a chunked body longer than " + MAX_BODY + " bytes");
      }
      body.write(exactly(in, size));
      line(in);
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        throw new EOFException("the stream ended inside a chunk");
      }
      if (c != '\r') {
        sb.append((char) c);
      }
      if (sb.length() > 1024) {
        throw new IOException("a chunk line longer than 1024 bytes");
      }
    }
    return sb.toString();
  }

  /** A quote request with the given extra header lines (each without CRLF) and body. */
  static byte[] quote(int port, String body, List<String> extraHeaders, boolean contentLength) {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    StringBuilder sb = new StringBuilder();
    sb.append("POST /v1/quotes HTTP/1.1\r\n")
        .append("Host: 127.0.0.1:")
        .append(port)
        .append("\r\n")
        .append("Content-Type: application/json\r\n");
    if (contentLength) {
      sb.append("Content-Length: ").append(b.length).append("\r\n");
    }
    for (String h : extraHeaders) {
      sb.append(h).append("\r\n");
    }
    sb.append("\r\n");
    byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[head.length + b.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(b, 0, all, head.length, b.length);
    return all;
  }
}
