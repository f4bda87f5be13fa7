package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code PATCH /api/tasks/:id/position}: next follows the new order; bad bodies are 422 naming the field. */
class PositionHttpTest {

    @Test
    void nextFollowsTheNewOrder() {
        Harness.run(h -> {
            h.createTask("First");
            h.createTask("Second");
            h.createTask("Third");
            assertEquals("W1", h.get("/api/tasks/next").data().get("identifier"));
            Res moved = h.patch("/api/tasks/W3/position", map("before", "W1"));
            assertEquals(200, moved.status(), moved::toString);
            assertEquals("W3", moved.data().get("identifier"));
            assertEquals("W3", h.get("/api/tasks/next").data().get("identifier"));
            assertEquals(200, h.patch("/api/tasks/W3/position", map("after", "W2")).status());
            assertEquals("W1", h.get("/api/tasks/next").data().get("identifier"));
            List<String> history = h.get("/api/tasks/W3/history").list().stream().map(row -> (String) row.get("kind")).toList();
            assertEquals("task.moved", history.get(history.size() - 1));
        });
    }

    @Test
    void aBodyNamesExactlyOneReadyTaskOfTheSamePriority() {
        Harness.run(h -> {
            h.createTask("First");
            h.createTask("Urgent", "priority", "high");
            for (Object body : List.of(map(), map("before", "W1", "after", "W1"), map("before", 3), map("before", "W9"),
                    map("before", "W2"), map("after", "W1"), map("before", "x".repeat(256)))) {
                Res res = h.patch("/api/tasks/W1/position", body);
                assertEquals(422, res.status(), body + " -> " + res);
            }
            Res priority = h.patch("/api/tasks/W1/position", map("before", "W2"));
            assertEquals("invalid_position", priority.body().get("code"));
            assertEquals(Map.of("field", "before"), priority.body().get("details"));
        });
    }
}
