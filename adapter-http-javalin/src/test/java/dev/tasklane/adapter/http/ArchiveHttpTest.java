package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Archive, restore and delete over HTTP: statuses, bodies and the refusals an agent or a script acts on. */
class ArchiveHttpTest {

    private static List<String> identifiers(Res res) {
        return res.list().stream().map(row -> (String) row.get("identifier")).toList();
    }

    @Test
    void archiveRestoreAndTheListsThatFollowThem() {
        Harness.run(h -> {
            h.createTask("Keep");
            h.createTask("Shelve");
            Res archived = h.post("/api/tasks/W2/archive", map("reason", "deferred", "note", "after the release"));
            assertEquals(200, archived.status(), archived::toString);
            assertEquals("deferred", archived.data().get("archive_reason"));
            assertEquals("after the release", archived.data().get("archive_note"));
            assertNotNull(archived.data().get("archived_at"));
            assertEquals(Keys.FULL, archived.data().keySet());
            assertEquals(List.of("W1"), identifiers(h.get("/api/tasks")));
            assertEquals(List.of("W2"), identifiers(h.get("/api/tasks?archived=true")));
            assertEquals(422, h.get("/api/tasks?archived=yes").status());
            assertEquals("W1", h.get("/api/tasks/next").data().get("identifier"));
            assertEquals("deferred", h.get("/api/tasks/W2").data().get("archive_reason"), "still readable");
            Res restored = h.post("/api/tasks/W2/restore", null);
            assertEquals(200, restored.status(), restored::toString);
            assertNull(restored.data().get("archived_at"));
            assertEquals(List.of("W1", "W2"), identifiers(h.get("/api/tasks")));
            List<String> kinds = h.get("/api/tasks/W2/history").list().stream().map(row -> (String) row.get("kind")).toList();
            assertEquals(List.of("task.created", "task.archived", "task.restored"), kinds);
        });
    }

    @Test
    void aMissingOrUnknownReasonOrAMissingNoteIs422NamingTheField() {
        Harness.run(h -> {
            h.createTask("Target");
            for (Map<String, Object> body : List.of(map(), map("reason", "gone"), map("reason", "cancelled"),
                    map("reason", "wont_do", "note", " "), map("reason", "duplicate"), map("reason", 3),
                    map("reason", "cancelled", "note", "x".repeat(4001)))) {
                Res res = h.post("/api/tasks/W1/archive", body);
                assertEquals(422, res.status(), body + " -> " + res);
                assertTrue(res.body().containsKey("error"), res::toString);
            }
            Res missingNote = h.post("/api/tasks/W1/archive", map("reason", "cancelled"));
            assertEquals("invalid_archive", missingNote.body().get("code"));
            assertEquals(Map.of("field", "note"), missingNote.body().get("details"));
            assertEquals(List.of("W1"), identifiers(h.get("/api/tasks")), "nothing was archived");
        });
    }

    @Test
    void unfinishedDependentsAre409ListingThem() {
        Harness.run(h -> {
            h.createTask("Base");
            h.createTask("Needs base", "dependencies", List.of("W1"));
            Res res = h.post("/api/tasks/W1/archive", map("reason", "wont_do", "note", "not now"));
            assertEquals(409, res.status(), res::toString);
            assertEquals("has_unfinished_dependents", res.body().get("code"));
            assertEquals(Map.of("tasks", List.of("W2")), res.body().get("details"));
        });
    }

    @Test
    void deleteIsForTheBoardOwnerAndAnswersWhatWasDeleted() {
        Harness.run(h -> {
            h.post("/api/tasks", map("task", map("title", "Plan", "type", "goal", "priority", "medium",
                    "tasks", List.of(map("title", "a", "type", "work", "priority", "low")))));
            h.createTask("Loose");
            String modifier = h.agentToken("mo", false);
            Res notOwner = h.send("DELETE", "/api/tasks/W2", null, modifier);
            assertEquals(403, notOwner.status(), notOwner::toString);
            assertEquals("board_owner_required", notOwner.body().get("code"));
            Res deleted = h.delete("/api/tasks/G1");
            assertEquals(200, deleted.status(), deleted::toString);
            assertEquals(Map.of("deleted", List.of("W1", "G1")), deleted.data());
            assertEquals(404, h.get("/api/tasks/G1").status());
            assertEquals(List.of("W2"), identifiers(h.get("/api/tasks")));
            h.claim("W2", Harness.TOKEN);
            Res inDoing = h.delete("/api/tasks/W2");
            assertEquals(409, inDoing.status(), inDoing::toString);
            assertEquals("not_deletable", inDoing.body().get("code"));
        });
    }
}
