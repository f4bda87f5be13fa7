package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.http.HttpApi;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.IdempotencyKeys;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.application.service.Tasklane;
import io.javalin.Javalin;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new token's secret is never written to the database for an {@code Idempotency-Key}'s replay: after
 * {@code POST /api/tokens} with a key, and its replay, no column of any row of {@code idempotency_keys} holds the
 * secret (H2, the JDBI store); the replay answers {@code token_note} in place of {@code token}.
 */
final class IdempotentTokenSecretStoreTest {
    private static final String TOKEN = "tasklane_idempotent_secret_token_0123456789abcdefghijklmnop";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void noIdempotencyRowHoldsTheSecretOfATokenCreatedWithAKey() throws Exception {
        Database database = Database.h2Memory("idempotent-token-secret");
        JdbiStores stores = JdbiStores.open(database);
        Javalin app = null;
        try {
            Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions(),
                    stores.events()).idempotency(stores.idempotency()).build();
            tasklane.identity().bootstrap(TOKEN);
            app = HttpApi.create(tasklane, HttpSettings.defaults("http://localhost")).start(0);
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest mint = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/tokens"))
                    .header("Authorization", "Bearer " + TOKEN).header("Idempotency-Key", "mint-once")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"ci\"}")).build();
            HttpResponse<String> first = http.send(mint, HttpResponse.BodyHandlers.ofString());
            assertEquals(201, first.statusCode(), first::body);
            String secret = (String) ((Map<?, ?>) JSON.readValue(first.body(), Map.class).get("data")).get("token");
            assertNotNull(secret);
            HttpResponse<String> replay = http.send(mint, HttpResponse.BodyHandlers.ofString());
            assertEquals(201, replay.statusCode(), replay::body);
            assertEquals("true", replay.headers().firstValue(IdempotencyKeys.REPLAYED).orElse(null));
            Map<?, ?> replayed = (Map<?, ?>) JSON.readValue(replay.body(), Map.class).get("data");
            assertFalse(replayed.containsKey("token"), replay.body());
            assertEquals(IdempotencyKeys.SECRET_NOTE, replayed.get("token_note"));

            int rows = 0;
            try (Connection sql = DriverManager.getConnection(database.url(), database.user(), database.password());
                 Statement statement = sql.createStatement();
                 ResultSet all = statement.executeQuery("SELECT * FROM idempotency_keys")) {
                ResultSetMetaData columns = all.getMetaData();
                while (all.next()) {
                    rows++;
                    for (int column = 1; column <= columns.getColumnCount(); column++) {
                        String value = all.getString(column);
                        assertFalse(value != null && value.contains(secret),
                                "column " + columns.getColumnName(column) + " holds the secret");
                    }
                }
            }
            assertTrue(rows >= 1, "the key was recorded");
        } finally {
            if (app != null) {
                app.stop();
            }
            stores.close();
        }
    }
}
