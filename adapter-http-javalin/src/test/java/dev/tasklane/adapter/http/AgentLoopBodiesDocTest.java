package dev.tasklane.adapter.http;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/api.md, "The loop's bodies, complete": the four bodies, read from the page as written, take a task that
 * needs review from Ready through claim, complete, changes requested and mark_reviewed back to Doing, with the
 * identifier and the claim token of the run put in; a change to the page that breaks a body breaks this test.
 */
class AgentLoopBodiesDocTest {
    private static final String SECTION = "### The loop's bodies, complete";

    @Test
    void theDocumentedBodiesRunTheLoop() throws IOException {
        List<String> bodies = jsonBlocks();
        assertEquals(4, bodies.size(), "claim, complete, review and mark_reviewed");
        Harness.run(h -> {
            Res created = h.post("/api/tasks", map("task", map("title", "Limit logins", "type", "work",
                    "priority", "high", "needs_review", true, "acceptance_criteria", "Five failures answer 429")));
            assertEquals(201, created.status(), created::toString);
            String id = (String) created.data().get("identifier");
            String agent = h.agentToken("newcomer", false);
            Res claimed = h.send("POST", "/api/tasks/claim", body(bodies.get(0), id, null), agent);
            assertEquals(200, claimed.status(), claimed::toString);
            String claimToken = (String) claimed.data().get("claim_token");
            Res completed = h.send("PATCH", "/api/tasks/" + id + "/complete", body(bodies.get(1), id, claimToken), agent);
            assertEquals(200, completed.status(), completed::toString);
            assertEquals("review", completed.data().get("status"));
            Res reviewed = h.patch("/api/tasks/" + id + "/review", body(bodies.get(2), id, null));
            assertEquals(200, reviewed.status(), reviewed::toString);
            Res marked = h.send("PATCH", "/api/tasks/" + id + "/mark_reviewed", body(bodies.get(3), id, null), agent);
            assertEquals(200, marked.status(), marked::toString);
            assertEquals("in_progress", marked.data().get("status"), "changes requested: back to Doing");
        });
    }

    /** A documented body with the run's identifier and claim token in place of the page's. */
    private static Map<String, Object> body(String json, String identifier, String claimToken) {
        try {
            Map<String, Object> body = Harness.MAPPER.readValue(json, new TypeReference<Map<String, Object>>() { });
            if (body.containsKey("identifier")) {
                body.put("identifier", identifier);
            }
            if (body.containsKey("claim_token")) {
                body.put("claim_token", claimToken);
            }
            return body;
        } catch (IOException unreadable) {
            throw new AssertionError("a body of docs/api.md is no JSON object: " + json, unreadable);
        }
    }

    private static List<String> jsonBlocks() throws IOException {
        String api = Files.readString(Path.of("..", "docs", "api.md"));
        int start = api.indexOf(SECTION);
        assertTrue(start >= 0, "docs/api.md has the section " + SECTION);
        int end = api.indexOf("\n#", start + SECTION.length());
        String section = api.substring(start, end);
        List<String> blocks = new ArrayList<>();
        for (int at = section.indexOf("```json\n"); at >= 0; at = section.indexOf("```json\n", at)) {
            int from = at + "```json\n".length();
            int to = section.indexOf("```", from);
            blocks.add(section.substring(from, to));
            at = to + 3;
        }
        return blocks;
    }
}
