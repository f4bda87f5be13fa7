package dev.tasklane.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One agent's view of the HTTP API: its own token and its own keep-alive HTTP/1.1 connection (one
 * {@link HttpClient} per agent, used by one thread at a time, keeps one connection open).
 */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final String token;

    Api(String baseUrl, String token) {
        this.baseUrl = baseUrl;
        this.token = token;
    }

    /** An answer: status and parsed body (null when the body is empty or not JSON). */
    record Answer(int status, JsonNode body) {
        JsonNode data() {
            return body == null ? null : body.path("data");
        }
    }

    Answer get(String path) throws IOException, InterruptedException {
        return send(request(path).GET().build());
    }

    Answer post(String path, Object body) throws IOException, InterruptedException {
        return send(request(path).POST(json(body)).build());
    }

    Answer postRaw(String path, String body) throws IOException, InterruptedException {
        return send(request(path).POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    Answer patch(String path, Object body) throws IOException, InterruptedException {
        return send(request(path).method("PATCH", json(body)).build());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json");
    }

    private static HttpRequest.BodyPublisher json(Object body) throws IOException {
        return HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body));
    }

    private Answer send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        JsonNode body = null;
        if (response.body().length > 0) {
            try {
                body = JSON.readTree(response.body());
            } catch (IOException notJson) {
                body = null;
            }
        }
        return new Answer(response.statusCode(), body);
    }
}
