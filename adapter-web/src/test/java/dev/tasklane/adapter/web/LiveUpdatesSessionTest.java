package dev.tasklane.adapter.web;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An open board's event stream ends when its session does: it asks the store again at each keep-alive (15 s), not
 * what the request found when it opened, so a sign-out elsewhere (or the session's idle or absolute lifetime) closes
 * it.
 */
class LiveUpdatesSessionTest {
    @Test
    void aSignOutElsewhereEndsTheOpenEventStream() throws Exception {
        try (WebClient web = new WebClient()) {
            HttpResponse<Stream<String>> stream = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(web.origin() + web.boardPath() + "/events"))
                    .header("Accept", "text/event-stream")
                    .header("Cookie", Web.SESSION_COOKIE + "=" + web.sessionSecret()).GET().build(),
                    HttpResponse.BodyHandlers.ofLines());
            assertEquals(200, stream.statusCode());
            java.util.concurrent.CountDownLatch connected = new java.util.concurrent.CountDownLatch(1);
            StringBuffer seen = new StringBuffer();
            CompletableFuture<String> ended = CompletableFuture.supplyAsync(() -> {
                for (String line : (Iterable<String>) stream.body()::iterator) {
                    seen.append(line).append('\n');
                    if (line.startsWith(": connected")) {
                        connected.countDown();
                    }
                }
                return seen.toString();
            });
            assertTrue(connected.await(10, TimeUnit.SECONDS), "the stream opened for the signed-in person: " + seen);

            web.tasklane.signIn().signOut(web.sessionSecret());

            // one keep-alive later the stream ends (its stream.closing data needs the server's JSON mapper, which
            // this test's server has not; the stream ends either way); before, it sent keep-alives for ever
            String all = ended.get(30, TimeUnit.SECONDS);
            assertTrue(!all.contains("keep-alive"), "no keep-alive once signed out: " + all);
        }
    }
}
