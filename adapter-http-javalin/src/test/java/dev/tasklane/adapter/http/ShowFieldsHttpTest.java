package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.adapter.http.wire.ShowFields;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fields=} on {@code GET /api/tasks/:id}, as the Stride plugin probes and its dispatcher reads it. */
class ShowFieldsHttpTest {

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> errors(Res res) {
        List<Map<String, Object>> failures = (List<Map<String, Object>>) res.body().get("failures");
        assertEquals(1, failures.size(), res::toString);
        assertEquals("fields", failures.get(0).get("field"));
        return (List<Map<String, Object>>) failures.get(0).get("errors");
    }

    @Test
    void theDispatchersProjectionAnswersOnlyThoseKeysPlusIdAndIdentifier() {
        Harness.run(h -> {
            h.createTask("Project me", "needs_review", true);
            Res res = h.get("/api/tasks/W1?fields=status,needs_review");
            assertEquals(200, res.status(), res::toString);
            assertEquals(Set.of("data"), res.body().keySet(), "no current_skills_version with fields=");
            assertEquals(List.of("id", "identifier", "status", "needs_review"), List.copyOf(res.data().keySet()));
            assertEquals("open", res.data().get("status"));
            assertEquals(true, res.data().get("needs_review"));
            assertEquals("W1", res.data().get("identifier"));
        });
    }

    @Test
    void everyAllowedNameCarriesTheFullRecordsValue() {
        Harness.run(h -> {
            h.createTask("Every field");
            Map<String, Object> full = h.get("/api/tasks/W1").data();
            Res res = h.get("/api/tasks/W1?fields=" + String.join(",", ShowFields.ALLOWED));
            assertEquals(200, res.status(), res::toString);
            assertEquals(ShowFields.ALLOWED, List.copyOf(res.data().keySet()));
            for (String name : ShowFields.ALLOWED) {
                assertEquals(full.get(name), res.data().get(name), name);
            }
            assertEquals(List.of(), res.data().get("dependencies"));
        });
    }

    @Test
    void thePluginsProbeOfColumnIdIsRefusedSoItKnowsTheServerIsCurrent() {
        Harness.run(h -> {
            h.createTask("Probe");
            Res res = h.get("/api/tasks/W1?fields=column_id");
            assertEquals(422, res.status(), res::toString);
            assertEquals("task fields rejected", res.body().get("error"));
            assertEquals(List.of(map("field", "column_id",
                    "message", "column_id is not in the allow-listed fields for GET /api/tasks/:id")), errors(res));
            assertEquals("docs/api.md#projection-fields", res.body().get("documentation"));
            assertEquals("show_unknown_fields", res.body().get("code"));
            assertTrue(res.body().containsKey("common_causes"));
            Res two = h.get("/api/tasks/W1?fields=status,bogus,column_id");
            assertEquals(2, errors(two).size());
        });
    }

    @Test
    void arrayAndMapShapesAreRefused() {
        Harness.run(h -> {
            h.createTask("Shapes");
            for (String query : List.of("fields[]=status", "fields[a]=status", "fields[]=status&fields=status")) {
                Res res = h.get("/api/tasks/W1?" + query);
                assertEquals(422, res.status(), query);
                assertEquals(ShowFields.SHAPE_MESSAGE, errors(res).get(0).get("message"), query);
            }
        });
    }

    @Test
    void fieldsWithResponseViewIsRefusedWhateverTheirValues() {
        Harness.run(h -> {
            h.createTask("Views");
            for (String query : List.of("fields=status&response_view=slim", "fields=&response_view=",
                    "fields=status&response_view=full")) {
                Res res = h.get("/api/tasks/W1?" + query);
                assertEquals(422, res.status(), query);
                assertEquals(ShowFields.CONFLICT_MESSAGE, errors(res).get(0).get("message"), query);
            }
        });
    }

    @Test
    void aBlankValueIsTheFullAnswer() {
        Harness.run(h -> {
            h.createTask("Blank");
            Res res = h.get("/api/tasks/W1?fields=");
            assertEquals(200, res.status(), res::toString);
            assertEquals(Keys.FULL, res.data().keySet());
            assertEquals(Set.of("data", "current_skills_version"), res.body().keySet());
            assertEquals(404, h.get("/api/tasks/W9?fields=status").status());
        });
    }
}
