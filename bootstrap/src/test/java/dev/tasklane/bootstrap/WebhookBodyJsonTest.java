package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.application.port.out.WebhookBody;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The typed webhook bodies are written byte for byte as the plain trees of the same keys, in the same order, that
 * Jackson writes: the bytes a subscriber verifies (standardwebhooks) and de-duplicates by.
 */
class WebhookBodyJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anEventEnvelopeIsWrittenAsItsKeysInOrder() throws Exception {
        WebhookBody body = new WebhookBody.Envelope("task.claimed", "2026-01-02T03:04:05.006Z", BoardId.of(7), 42L,
                new WebhookBody.EventData(42, "task.claimed", TaskId.of(9), "W-3", "in_progress", "Doing", UserId.of(5),
                        "agent \"one\"",
                        "2026-01-02T03:04:05.006Z"));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", 42L);
        data.put("type", "task.claimed");
        data.put("task_id", 9L);
        data.put("identifier", "W-3");
        data.put("status", "in_progress");
        data.put("column", "Doing");
        data.put("actor", 5L);
        data.put("agent", "agent \"one\"");
        data.put("at", "2026-01-02T03:04:05.006Z");
        assertEquals(JSON.writeValueAsString(envelope("task.claimed", 42L, data)), StoreWiring.WEBHOOK_JSON.write(body));
        assertEquals("{\"type\":\"task.claimed\",\"timestamp\":\"2026-01-02T03:04:05.006Z\",\"board_id\":7,"
                + "\"event_id\":42,\"data\":{\"id\":42,\"type\":\"task.claimed\",\"task_id\":9,\"identifier\":\"W-3\","
                + "\"status\":\"in_progress\",\"column\":\"Doing\",\"actor\":5,\"agent\":\"agent \\\"one\\\"\","
                + "\"at\":\"2026-01-02T03:04:05.006Z\"}}", StoreWiring.WEBHOOK_JSON.write(body));
    }

    @Test
    void nullsAreWrittenAsNull() throws Exception {
        WebhookBody event = new WebhookBody.Envelope("board.changed", "2026-01-02T03:04:05.006Z", BoardId.of(7), 1L,
                new WebhookBody.EventData(1, "board.changed", null, null, null, null, null, null,
                        "2026-01-02T03:04:05.006Z"));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", 1L);
        data.put("type", "board.changed");
        for (String key : new String[] {"task_id", "identifier", "status", "column", "actor", "agent"}) {
            data.put(key, null);
        }
        data.put("at", "2026-01-02T03:04:05.006Z");
        assertEquals(JSON.writeValueAsString(envelope("board.changed", 1L, data)), StoreWiring.WEBHOOK_JSON.write(event));

        WebhookBody test = new WebhookBody.Envelope("webhook.test", "2026-01-02T03:04:05.006Z", BoardId.of(7), null,
                new WebhookBody.TestData("A test delivery"));
        assertEquals(JSON.writeValueAsString(envelope("webhook.test", null, Map.of("message", "A test delivery"))),
                StoreWiring.WEBHOOK_JSON.write(test));
    }

    @Test
    void aSlackMessageIsItsText() throws Exception {
        assertEquals(JSON.writeValueAsString(Map.of("text", "<https://x/boards/1/tasks/W-1|W-1> is done")),
                StoreWiring.WEBHOOK_JSON.write(new WebhookBody.SlackMessage("<https://x/boards/1/tasks/W-1|W-1> is done")));
    }

    private static Map<String, Object> envelope(String type, Long eventId, Map<String, Object> data) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("timestamp", "2026-01-02T03:04:05.006Z");
        body.put("board_id", 7L);
        body.put("event_id", eventId);
        body.put("data", data);
        return body;
    }
}
