package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.edge.TaskField;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The text details over HTTP, driven by the edge's table ({@link TaskField#texts()}) alone: each is created, read,
 * edited, cleared and capped at its wire name, sits in the task answer among the others in the table's order, and
 * is described by the onboarding's task schema. A text detail added to the table is covered here without a line.
 */
class TextDetailsHttpTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode tree(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (java.io.IOException unreadable) {
            throw new IllegalStateException(unreadable);
        }
    }

    private static String value(TaskField field, String label) {
        return field.kind() == TaskField.Kind.ESTIMATE ? (label.equals("new") ? "5+" : "2-4")
                : label + " " + field.key() + " é \"q\"";
    }

    @Test
    void everyTextDetailIsCreatedReadEditedAndCleared() {
        Harness.run(h -> {
            Map<String, Object> body = task("Described");
            TaskField.texts().forEach(field -> body.put(field.key(), value(field, "old")));
            Res created = h.post("/api/tasks", map("task", body));
            assertEquals(201, created.status(), created::toString);
            String id = String.valueOf(created.data().get("id"));
            Map<String, Object> read = h.get("/api/tasks/" + id).data();
            List<String> keys = List.copyOf(read.keySet());
            int at = keys.indexOf(TaskField.texts().get(0).key());
            for (int i = 0; i < TaskField.texts().size(); i++) {
                TaskField field = TaskField.texts().get(i);
                assertEquals(value(field, "old"), created.data().get(field.key()), field.key() + " created");
                assertEquals(value(field, "old"), read.get(field.key()), field.key() + " read");
                assertEquals(at + i, keys.indexOf(field.key()), field.key() + " in the table's order");
            }
            assertEquals("complexity", keys.get(at - 1), "the text details follow complexity");

            for (TaskField field : TaskField.texts()) {
                Res edited = h.patch("/api/tasks/" + id, map("task", map(field.key(), value(field, "new"))));
                assertEquals(200, edited.status(), edited::toString);
                assertEquals(value(field, "new"), h.get("/api/tasks/" + id).data().get(field.key()), field.key());
            }
            Map<String, Object> clear = map();
            TaskField.texts().forEach(field -> clear.put(field.key(), null));
            assertEquals(200, h.patch("/api/tasks/" + id, map("task", clear)).status());
            Map<String, Object> cleared = h.get("/api/tasks/" + id).data();
            TaskField.texts().forEach(field -> {
                assertTrue(cleared.containsKey(field.key()), field.key() + " is always written");
                assertEquals(null, cleared.get(field.key()), field.key() + " cleared");
            });
        });
    }

    @Test
    void onePastATextDetailsCapIsA422NamingIt() {
        Harness.run(h -> {
            for (TaskField field : TaskField.texts()) {
                String tooLong = "1".repeat(field.maxLength() + 1);
                Res res = h.post("/api/tasks", map("task", task("Long", field.key(), tooLong)));
                assertEquals(422, res.status(), () -> field.key() + ": " + res);
                assertTrue(res.raw().body().contains("\"" + field.key() + "\"")
                        && res.raw().body().contains(String.valueOf(field.maxLength())), () -> field.key() + ": " + res);
            }
            assertEquals(List.of(), h.get("/api/tasks").list(), "nothing was created");
        });
    }

    @Test
    void theOnboardingAndOpenApiSchemasDescribeEveryTextDetail() {
        Harness.run(h -> {
            JsonNode answer = tree(h.get("/api/openapi.json").raw().body()).at("/components/schemas/FullTask");
            List<String> required = MAPPER.convertValue(answer.get("required"), List.class);
            for (TaskField field : TaskField.texts()) {
                assertEquals("[\"string\",\"null\"]", answer.at("/properties/" + field.key() + "/type").toString(),
                        field.key() + " in the task answer's schema");
                assertTrue(required.contains(field.key()), field.key() + " is always written");
            }
            JsonNode doc = tree(h.get("/api/agent/onboarding").raw().body());
            JsonNode properties = doc.at("/json_schemas/task/properties/task/properties");
            for (TaskField field : TaskField.texts()) {
                JsonNode schema = properties.get(field.key());
                assertEquals("string", schema.get("type").asText(), field.key());
                assertEquals(field.maxLength(), schema.get("maxLength").asInt(), field.key());
                assertEquals(field.description(), schema.get("description").asText(), field.key());
            }
        });
    }
}
