package dev.tasklane.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One agent's keep-alive HTTP/1.1 connection for the claim load ({@link HttpLoad}): requests written and answers
 * read on the calling thread over a plain socket, answers framed by {@code Content-Length} or chunked. The bare
 * loop it is compared with talks to PostgreSQL through JDBC on its own thread; the JDK's {@code HttpClient} hands
 * each exchange between the caller, its selector thread and an executor, which on the shared two cores cost the
 * client about as much CPU per request as the server spent answering it. The server sees the same requests
 * either way: same headers (a bearer token, JSON bodies), same connection reuse. For the same reason an answer is
 * not parsed into a tree: the loop needs one field of its {@code data} object, which a streaming parser finds and
 * stops at ({@link Answer#field}).
 */
final class AgentConnection implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 30_000;
    private final String host;
    private final int port;
    private final String hostHeader;
    private final byte[] authorization;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    AgentConnection(String baseUrl, String token) {
        URI uri = URI.create(baseUrl);
        this.host = uri.getHost();
        this.port = uri.getPort();
        this.hostHeader = host + ":" + port;
        this.authorization = ("Authorization: Bearer " + token + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * An answer: its status, the text of the field of its {@code data} object that the request asked for (null when
     * the answer has none), and its body, kept for the message of a failure.
     */
    record Answer(int status, String field, byte[] content) {
        String text() {
            return new String(content, StandardCharsets.UTF_8);
        }
    }

    /** {@code GET path}, reading {@code data.<field>} of the answer. */
    Answer get(String path, String field) throws IOException {
        return exchange("GET", path, null, field);
    }

    /** {@code POST path} with a JSON body already written, reading {@code data.<field>} of the answer. */
    Answer post(String path, byte[] body, String field) throws IOException {
        return exchange("POST", path, body, field);
    }

    /** {@code PATCH path} with a JSON body already written, reading {@code data.<field>} of the answer. */
    Answer patch(String path, byte[] body, String field) throws IOException {
        return exchange("PATCH", path, body, field);
    }

    private Answer exchange(String method, String path, byte[] body, String field) throws IOException {
        if (socket == null) {
            connect();
        }
        ByteArrayOutputStream request = new ByteArrayOutputStream(512 + (body == null ? 0 : body.length));
        request.writeBytes((method + " " + path + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n").getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(authorization);
        if (body != null) {
            request.writeBytes(("Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            request.writeBytes(body);
        } else {
            request.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.write(request.toByteArray());
        out.flush();
        return read(field);
    }

    private Answer read(String field) throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean close = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> close = value.equalsIgnoreCase("close");
                default -> {
                }
            }
        }
        byte[] content;
        if (chunked) {
            ByteArrayOutputStream chunks = new ByteArrayOutputStream();
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                chunks.writeBytes(in.readNBytes(size));
                line();
            }
            for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                // trailers: none expected
            }
            content = chunks.toByteArray();
        } else if (length >= 0) {
            content = in.readNBytes((int) length);
            if (content.length < length) {
                throw new EOFException("the server closed the connection inside an answer");
            }
        } else {
            content = in.readAllBytes();
            close = true;
        }
        if (close) {
            close();
        }
        return new Answer(status, dataField(content, field), content);
    }

    /** The text of {@code data.<field>} in a JSON answer, without building its tree; null when absent or not JSON. */
    static String dataField(byte[] content, String field) {
        if (content.length == 0 || field == null) {
            return null;
        }
        try (JsonParser parser = Api.JSON.getFactory().createParser(content)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                boolean data = parser.currentName().equals("data");
                JsonToken value = parser.nextToken();
                if (data && value == JsonToken.START_OBJECT) {
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        boolean wanted = parser.currentName().equals(field);
                        JsonToken inner = parser.nextToken();
                        if (wanted) {
                            return inner.isScalarValue() && inner != JsonToken.VALUE_NULL ? parser.getText() : null;
                        }
                        parser.skipChildren();
                    }
                    return null;
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException notJson) {
            return null;
        }
    }

    private int chunkSize() throws IOException {
        String size = line();
        int extension = size.indexOf(';');
        return Integer.parseInt((extension < 0 ? size : size.substring(0, extension)).trim(), 16);
    }

    private String line() throws IOException {
        StringBuilder text = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the server closed the connection");
            }
            if (b == '\n') {
                int end = text.length();
                if (end > 0 && text.charAt(end - 1) == '\r') {
                    text.setLength(end - 1);
                }
                return text.toString();
            }
            text.append((char) b);
        }
    }

    private void connect() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        socket.connect(new InetSocketAddress(host, port), 5_000);
        in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        out = socket.getOutputStream();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            socket = null;
        }
    }
}
