package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Comments over HTTP: the answer shape, paging, the refusals, and the schema in the onboarding document. */
class CommentsHttpTest {

    @Test
    void postListAndDeleteWithTheDocumentedShape() {
        Harness.run(h -> {
            h.createTask("Discussed");
            Res posted = h.post("/api/tasks/W1/comments?agent_name=claude-1", map("body", "Is the cache per user?\n<b>no html</b>"));
            assertEquals(201, posted.status(), posted::toString);
            Map<String, Object> data = posted.data();
            assertEquals(Set.of("id", "body", "author", "created_at"), data.keySet());
            assertEquals("Is the cache per user?\n<b>no html</b>", data.get("body"));
            assertEquals(Map.of("user_id", (int) h.userId(Harness.TOKEN), "username", "admin", "agent_name", "claude-1"),
                    data.get("author"));
            assertNotNull(data.get("created_at"));
            h.post("/api/tasks/W1/comments", map("body", "Second"));
            h.post("/api/tasks/W1/comments", map("body", "Third"));

            Res page = h.get("/api/tasks/W1/comments?limit=2");
            assertEquals(200, page.status(), page::toString);
            assertEquals(List.of("Is the cache per user?\n<b>no html</b>", "Second"),
                    page.list().stream().map(row -> row.get("body")).toList());
            Object after = page.body().get("next_after");
            Res rest = h.get("/api/tasks/W1/comments?limit=2&after=" + after);
            assertEquals(List.of("Third"), rest.list().stream().map(row -> row.get("body")).toList());
            assertNull(rest.body().get("next_after"));
            assertEquals(422, h.get("/api/tasks/W1/comments?limit=201").status());

            Object id = data.get("id");
            Res deleted = h.delete("/api/tasks/W1/comments/" + id);
            assertEquals(200, deleted.status(), deleted::toString);
            assertEquals(2, h.get("/api/tasks/W1/comments").list().size());
            assertEquals(404, h.delete("/api/tasks/W1/comments/" + id).status());
            assertEquals(404, h.get("/api/tasks/W9/comments").status());
            List<String> kinds = h.get("/api/tasks/W1/history").list().stream().map(row -> (String) row.get("kind")).toList();
            assertTrue(kinds.contains("task.commented"), kinds.toString());
        });
    }

    @Test
    void anEmptyOrOversizedBodyIs422AndAReadOnlyMemberOnlyReads() {
        Harness.run(h -> {
            h.createTask("Guarded");
            for (Object body : List.of(map(), map("body", ""), map("body", "   "), map("body", 7),
                    map("body", "x".repeat(10_001)))) {
                Res res = h.post("/api/tasks/W1/comments", body);
                assertEquals(422, res.status(), body + " -> " + res);
            }
            assertTrue(h.post("/api/tasks/W1/comments", map("body", "x".repeat(10_001))).toString().contains("COMMENT_BODY"));
            assertEquals(201, h.post("/api/tasks/W1/comments", map("body", "x".repeat(10_000))).status());
            String reader = BoardWriteAccessTest.readOnlyToken(h, "reed");
            assertEquals(200, h.send("GET", "/api/tasks/W1/comments", null, reader).status());
            assertEquals(403, h.send("POST", "/api/tasks/W1/comments", map("body", "hi"), reader).status());
        });
    }

    @Test
    void theOnboardingDocumentCarriesTheCommentSchemaAndTheOpenApiDocumentTheRoutes() {
        Harness.run(h -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> schemas = (Map<String, Object>) h.get("/api/agent/onboarding").body().get("json_schemas");
            String comment = Harness.write(schemas.get("comment"));
            assertTrue(comment.contains("\"maxLength\":10000"), comment);
            assertTrue(comment.contains("\"body\""), comment);
            String openApi = h.get("/api/openapi.json").raw().body();
            assertTrue(openApi.contains("/api/tasks/{id}/comments"), "OpenAPI lists the comment routes");
            assertTrue(openApi.contains("/api/tasks/{id}/comments/{comment_id}"));
        });
    }
}
