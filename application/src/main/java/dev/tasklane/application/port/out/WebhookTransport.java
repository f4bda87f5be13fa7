package dev.tasklane.application.port.out;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * Sends one webhook request (the HTTP client of deliveries). An implementation follows no redirect, bounds the
 * connection and the answer by time, reads at most a few bytes of the answer, and refuses an address the operator
 * does not allow; it never logs the headers (they carry signatures, not the secret, but nothing needs them).
 */
public interface WebhookTransport {
    /** POSTs {@code body} with {@code headers} to {@code url}; never throws for a failure of the receiver. */
    Outcome post(URI url, Map<String, String> headers, byte[] body);

    /**
     * What came back: {@code status} null when no answer came (the address refused, unreachable, timed out), and
     * then {@code response} says why; otherwise the first bytes of the answer.
     */
    record Outcome(Integer status, String response, Duration latency) {
    }
}
