package dev.tasklane.adapter.http;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How an answer is framed on the wire: whole, with its Content-Length, for a client that names no encoding; gzipped
 * when it is large and the client accepts gzip; the same JSON either way.
 */
class AnswerFramingTest {
    @Test
    void anAnswerIsSentWholeWithItsLengthAndGzippedOnlyForAClientThatAcceptsIt() {
        Harness.run(h -> {
            h.createTask("A task whose answer is long enough to be compressed", "description", "d".repeat(2_000));
            HttpResponse<byte[]> plain = get(h, "/api/tasks/W1", null);
            assertEquals(200, plain.statusCode());
            assertEquals(String.valueOf(plain.body().length), plain.headers().firstValue("Content-Length").orElse(null));
            assertFalse(plain.headers().firstValue("Transfer-Encoding").isPresent(), plain.headers().toString());
            assertFalse(plain.headers().firstValue("Content-Encoding").isPresent(), plain.headers().toString());
            assertTrue(plain.body().length > 2_000);

            HttpResponse<byte[]> zipped = get(h, "/api/tasks/W1", "gzip");
            assertEquals(200, zipped.statusCode());
            assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(null));
            assertArrayEquals(plain.body(), gunzip(zipped.body()));

            HttpResponse<byte[]> small = get(h, "/api/me", "gzip");
            assertFalse(small.headers().firstValue("Content-Encoding").isPresent(), "a small answer is sent as it is");
        });
    }

    private static HttpResponse<byte[]> get(Harness h, String path, String acceptEncoding) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(h.origin + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + Harness.TOKEN).GET();
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        try {
            return h.http().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException | InterruptedException failed) {
            throw new IllegalStateException(failed);
        }
    }

    private static byte[] gunzip(byte[] zipped) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped))) {
            return in.readAllBytes();
        } catch (IOException unreadable) {
            throw new IllegalStateException(unreadable);
        }
    }
}
