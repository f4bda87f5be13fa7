package dev.tasklane.adapter.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A bare Server-Sent Events client over a socket (HTTP/1.0, so the stream is not chunked): the constructor
 * returns once the status line and headers arrived; {@link #next} reads one frame. A small receive buffer
 * and never reading make a stalled client.
 */
final class SseSocket implements AutoCloseable {
    /** One frame: an event (id may be null), or a comment. */
    record Frame(String id, String event, String data, String comment) {
        boolean isEvent() {
            return event != null;
        }
    }

    final int status;
    final Map<String, String> headers = new LinkedHashMap<>();
    private final Socket socket;
    private final BufferedReader in;

    SseSocket(int port, String token, String lastEventId, int receiveBuffer) throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(30_000);
        StringBuilder request = new StringBuilder("GET /api/events HTTP/1.0\r\nHost: 127.0.0.1\r\n")
                .append("Accept: text/event-stream\r\n").append("Authorization: Bearer ").append(token).append("\r\n");
        if (lastEventId != null) {
            request.append("Last-Event-ID: ").append(lastEventId).append("\r\n");
        }
        OutputStream out = socket.getOutputStream();
        out.write(request.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        String statusLine = in.readLine();
        if (statusLine == null) {
            throw new IOException("no response");
        }
        status = Integer.parseInt(statusLine.split(" ")[1]);
        String line;
        while ((line = in.readLine()) != null && !line.isEmpty()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
    }

    /** The next frame, waiting up to {@code wait}; null at the end of the stream. */
    Frame next(Duration wait) throws IOException {
        socket.setSoTimeout((int) wait.toMillis());
        String id = null;
        String event = null;
        StringBuilder data = null;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) {
                if (event != null || data != null) {
                    return new Frame(id, event, data == null ? null : data.toString(), null);
                }
                continue;
            }
            if (line.startsWith(":")) {
                if (event == null && data == null) {
                    return new Frame(null, null, null, line.substring(1).trim());
                }
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1).stripLeading();
            switch (field) {
                case "id" -> id = value;
                case "event" -> event = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                default -> { }
            }
        }
        return null;
    }

    /** The next event frame, skipping comments; null at the end of the stream. */
    Frame nextEvent(Duration wait) throws IOException {
        Frame frame;
        do {
            frame = next(wait);
        } while (frame != null && !frame.isEvent());
        return frame;
    }

    /** The body of a refused request (read to its end). */
    String body() throws IOException {
        StringBuilder body = new StringBuilder();
        String line;
        try {
            while ((line = in.readLine()) != null) {
                body.append(line);
            }
        } catch (SocketTimeoutException incomplete) {
            // what came is the body
        }
        return body.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
