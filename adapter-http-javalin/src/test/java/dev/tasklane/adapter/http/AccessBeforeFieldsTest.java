package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.domain.agent.BoardAccess;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Stride's order of errors on the routes that the route table marks {@link Route#refusingBeforeFields()}: a body that
 * is no JSON object is refused first (422), then a caller without the route's scope (403), and only then the body's
 * fields (422), so a read-only member learns nothing from the fields' errors. The marks are the one place that says
 * which routes refuse so; this pins them, and their order.
 */
class AccessBeforeFieldsTest {
    /** The routes whose access is checked before their body's fields, as the route table marks them. */
    private static final Set<String> MARKED = Set.of("POST /api/tasks", "POST /api/tasks/batch", "PATCH /api/tasks/{id}",
            "PUT /api/tasks/{id}", "POST /api/tasks/{id}/comments", "PATCH /api/tasks/{id}/position",
            "POST /api/tasks/{id}/archive");

    @Test
    void theRouteTableMarksTheRoutesThatRefuseBeforeTheirFields() {
        Set<String> marked = new TreeSet<>();
        for (Route route : BoardWriteAccessTest.boardWrites()) {
            if (route.accessBeforeFields()) {
                marked.add(route.method() + " " + route.path());
            }
        }
        assertEquals(new TreeSet<>(MARKED), marked);
    }

    @Test
    void theBodyShapeComesFirstThenAccessThenTheFields() {
        Harness.run(h -> {
            String task = (String) h.createTask("Existing").get("identifier");
            String reader = BoardWriteAccessTest.readOnlyToken(h, "rhea");
            for (String marked : new TreeSet<>(MARKED)) {
                String method = marked.substring(0, marked.indexOf(' '));
                String path = marked.substring(marked.indexOf(' ') + 1).replace("{id}", task);
                Map<String, Object> badFields = badFields(marked);
                Harness.Res notAnObject = h.send(method, path, List.of("not", "an", "object"), reader);
                assertEquals(422, notAnObject.status(), marked + " -> " + notAnObject);
                Harness.Res refused = h.send(method, path, badFields, reader);
                assertEquals(403, refused.status(), marked + " -> " + refused);
                assertEquals(BoardAccess.WRITE_REQUIRED_CODE, refused.body().get("code"), marked + " -> " + refused);
                Harness.Res judged = h.send(method, path, badFields, Harness.TOKEN);
                assertEquals(422, judged.status(), "the same fields are refused for a writer: " + marked + " -> " + judged);
            }
        });
    }

    /** A JSON object whose fields the route refuses. */
    private static Map<String, Object> badFields(String route) {
        return switch (route) {
            case "POST /api/tasks", "PATCH /api/tasks/{id}", "PUT /api/tasks/{id}" -> map("task", map("title", ""));
            case "POST /api/tasks/batch" -> map("goals", List.of(map("title", "")));
            case "POST /api/tasks/{id}/comments" -> map("body", "");
            case "PATCH /api/tasks/{id}/position" -> map("before", "W1", "after", "W2");
            case "POST /api/tasks/{id}/archive" -> map("reason", "no such reason");
            default -> throw new IllegalArgumentException(route);
        };
    }
}
