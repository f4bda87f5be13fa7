package dev.tasklane.bootstrap;

import dev.tasklane.application.port.out.WebhookTransport;
import dev.tasklane.domain.webhook.WebhookAddress;
import dev.tasklane.domain.webhook.WebhookDelivery;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The HTTP client of webhook deliveries: one HTTP/1.1 POST per attempt, {@code Connection: close}. The host is
 * resolved once per attempt, every address it resolves to is judged ({@link WebhookAddress#refused}: private,
 * loopback and link-local refused unless TASKLANE_WEBHOOK_ALLOW_PRIVATE), and the socket connects to that very
 * address, so a DNS answer that changes between the check and the connection (rebinding) cannot move it; for
 * {@code https} the TLS handshake still checks the certificate against the URL's host name (SNI and endpoint
 * identification). {@code java.net.http} cannot connect to an address chosen by the caller while verifying the
 * certificate for the name on Java 17, hence a socket. No redirect is followed (a 3xx is an answer, a failure);
 * the connection and each read are bounded by the timeouts; at most {@link #MAX_READ} bytes of the answer are read.
 * Nothing here logs: the signatures are not secrets, but nothing needs them in a log.
 */
final class WebhookSender implements WebhookTransport {
    static final int MAX_READ = 4096;

    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final boolean allowPrivate;
    private final Function<String, InetAddress[]> resolver;

    WebhookSender(Duration connectTimeout, Duration readTimeout, boolean allowPrivate) {
        this(connectTimeout, readTimeout, allowPrivate, WebhookSender::resolve);
    }

    WebhookSender(Duration connectTimeout, Duration readTimeout, boolean allowPrivate,
                  Function<String, InetAddress[]> resolver) {
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.allowPrivate = allowPrivate;
        this.resolver = resolver;
    }

    private static InetAddress[] resolve(String host) {
        try {
            return InetAddress.getAllByName(host);
        } catch (UnknownHostException unknown) {
            return new InetAddress[0];
        }
    }

    @Override
    public Outcome post(URI url, Map<String, String> headers, byte[] body) {
        long start = System.nanoTime();
        String host = url.getHost();
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses = resolver.apply(bare);
        if (addresses.length == 0) {
            return failed("cannot resolve " + host, start);
        }
        for (InetAddress address : addresses) {
            String refused = WebhookAddress.refused(address, allowPrivate);
            if (refused != null) {
                return failed("refused: " + host + " resolves to a " + refused
                        + " (TASKLANE_WEBHOOK_ALLOW_PRIVATE=true allows it)", start);
            }
        }
        boolean tls = "https".equalsIgnoreCase(url.getScheme());
        int port = url.getPort() > 0 ? url.getPort() : tls ? 443 : 80;
        InetAddress address = addresses[0];
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(address, port), (int) connectTimeout.toMillis());
            plain.setSoTimeout((int) readTimeout.toMillis());
            Socket socket = tls ? secure(plain, bare, port) : plain;
            try {
                write(socket.getOutputStream(), url, host, port, tls, headers, body);
                return read(socket.getInputStream(), start, System.nanoTime() + 2 * readTimeout.toNanos());
            } finally {
                if (socket != plain) {
                    socket.close();
                }
            }
        } catch (SocketTimeoutException timedOut) {
            return failed("timed out after " + readTimeout.toMillis() + " ms", start);
        } catch (IOException failure) {
            return failed(failure.getClass().getSimpleName() + ": " + failure.getMessage(), start);
        }
    }

    private static Socket secure(Socket plain, String host, int port) throws IOException {
        SSLSocket socket = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault())
                .createSocket(plain, host, port, true);
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        try {
            parameters.setServerNames(List.of(new SNIHostName(host)));
        } catch (IllegalArgumentException anAddress) {
            // an IP literal has no SNI name; the certificate is still checked against it
        }
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        return socket;
    }

    private static void write(OutputStream out, URI url, String host, int port, boolean tls, Map<String, String> headers,
                              byte[] body) throws IOException {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        if (url.getRawQuery() != null) {
            path += "?" + url.getRawQuery();
        }
        boolean defaultPort = url.getPort() < 0 || (tls ? port == 443 : port == 80);
        StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(defaultPort ? "" : ":" + port).append("\r\n");
        headers.forEach((name, value) -> {
            if (name.indexOf('\r') >= 0 || name.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("a header with a line break");
            }
            head.append(name).append(": ").append(value).append("\r\n");
        });
        head.append("Content-Length: ").append(body.length).append("\r\n").append("Connection: close\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    /**
     * The status line's code and the first bytes of the body (after the headers): read until the receiver closes, at
     * most {@link #MAX_READ} bytes, and for at most {@code deadline} however slowly they come. A receiver that
     * answered its status line and then stalls is taken at what it sent.
     */
    private static Outcome read(InputStream in, long start, long deadline) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buffer = new byte[1024];
        try {
            int n;
            while (got.size() < MAX_READ && System.nanoTime() < deadline
                    && (n = in.read(buffer, 0, Math.min(buffer.length, MAX_READ - got.size()))) > 0) {
                got.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException stalled) {
            if (!got.toString(StandardCharsets.ISO_8859_1).contains("\r\n")) {
                throw stalled;
            }
        }
        String text = got.toString(StandardCharsets.ISO_8859_1);
        int lineEnd = text.indexOf("\r\n");
        String statusLine = lineEnd < 0 ? text : text.substring(0, lineEnd);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].toUpperCase(Locale.ROOT).startsWith("HTTP/")) {
            return failed("not an HTTP answer: " + WebhookDelivery.clip(statusLine), start);
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException malformed) {
            return failed("not an HTTP status: " + WebhookDelivery.clip(statusLine), start);
        }
        int bodyStart = text.indexOf("\r\n\r\n");
        String answer = bodyStart < 0 ? "" : new String(got.toByteArray(), bodyStart + 4, got.size() - bodyStart - 4,
                StandardCharsets.UTF_8);
        return new Outcome(status, WebhookDelivery.clip(answer), elapsed(start));
    }

    private static Outcome failed(String why, long start) {
        return new Outcome(null, WebhookDelivery.clip(why), elapsed(start));
    }

    private static Duration elapsed(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
