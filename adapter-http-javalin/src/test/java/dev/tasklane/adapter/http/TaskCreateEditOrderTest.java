package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.adapter.http.Harness.Res;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which answer comes first on create, batch and edit now that bodies are read in the HTTP adapter before the use case
 * runs (docs/api.md "Creating and editing tasks"): access, then the task, then the fields; a refused body stores
 * nothing.
 */
class TaskCreateEditOrderTest {

    @Test
    void aClientSuppliedIdentifierIsRefusedAndNothingIsCreated() {
        Harness.run(h -> {
            Res refused = h.post("/api/tasks", map("task", task("a", "identifier", "W9")));
            assertEquals(422, refused.status(), refused::toString);
            assertEquals(Map.of("identifier", List.of("is server-generated; do not send it")), refused.body().get("errors"));
            assertTrue(h.get("/api/tasks").list().isEmpty());
        });
    }

    @Test
    void withoutWriteAccessTheAnswerIs403WhateverTheBody() {
        Harness.run(h -> {
            h.createTask("Existing");
            String reader = BoardWriteAccessTest.readOnlyToken(h, "rhea");
            Map<String, Object> bad = map("task", task("", "priority", "urgent"));
            assertEquals(403, h.send("POST", "/api/tasks", bad, reader).status());
            assertEquals(403, h.send("POST", "/api/tasks/batch", map("goals", List.of(map("title", ""))), reader).status());
            assertEquals(403, h.send("PATCH", "/api/tasks/W1", map("task", map("title", "", "status", "open")), reader)
                    .status());
        });
    }

    @Test
    void anEditOfAnUnknownTaskIs404BeforeItsFieldsAreJudged() {
        Harness.run(h -> {
            assertEquals(404, h.patch("/api/tasks/W404", map("task", map("title", ""))).status());
            assertEquals(404, h.patch("/api/tasks/W404", map("task", map("status", "open"))).status());
        });
    }

    @Test
    void aTypeThatWouldTurnATaskIntoAGoalJoinsTheOtherFieldErrors() {
        Harness.run(h -> {
            h.createTask("Existing");
            Res refused = h.patch("/api/tasks/W1", map("task", map("title", "", "type", "goal")));
            assertEquals(422, refused.status(), refused::toString);
            assertEquals(Map.of("title", List.of("can't be blank"),
                    "type", List.of("cannot change a goal into a task or a task into a goal")), refused.body().get("errors"));
            Res alone = h.patch("/api/tasks/W1", map("task", map("type", "goal")));
            assertEquals(Map.of("type", List.of("cannot change a goal into a task or a task into a goal")),
                    alone.body().get("errors"), alone::toString);
        });
    }
}
