package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GitHub's own {@code issues} payloads (npm {@code @octokit/webhooks-examples}, in {@code github/}, each signed by
 * npm {@code @octokit/webhooks-methods} as GitHub signs; {@code signatures.tsv} names the versions, and run.sh
 * regenerates them with those packages and compares) through {@code POST /hooks/github/:board_id}: they create,
 * update, archive and restore a task (each answered 202 with what it did); the same delivery twice changes nothing
 * twice; another event is answered 202 and ignored;
 * a bad or missing signature 401; the connection's secret is never answered.
 */
class GithubRoutesTest {
    private static final String SECRET = "tasklane-github-fixture-secret";

    private static byte[] fixture(String name) {
        try (InputStream in = GithubRoutesTest.class.getResourceAsStream("/github/" + name)) {
            assertNotNull(in, name);
            return in.readAllBytes();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** The octokit-made signature of each fixture, by file name. */
    private static Map<String, String> signatures() {
        Map<String, String> found = new HashMap<>();
        for (String line : new String(fixture("signatures.tsv"), StandardCharsets.UTF_8).split("\n")) {
            if (!line.startsWith("#") && line.contains("\t")) {
                found.put(line.substring(0, line.indexOf('\t')), line.substring(line.indexOf('\t') + 1));
            }
        }
        return found;
    }

    private static Res deliver(Harness h, long board, String event, String delivery, byte[] body, String signature) {
        Map<String, String> headers = new HashMap<>();
        headers.put("X-GitHub-Event", event);
        headers.put("X-GitHub-Delivery", delivery);
        if (signature != null) {
            headers.put("X-Hub-Signature-256", signature);
        }
        return h.rawBytes("POST", "/hooks/github/" + board, body, headers);
    }

    @Test
    void githubsOwnIssuesExamplesSignedAsGithubSignsMakeAndMoveATask() {
        Harness.run(h -> {
            long board = h.boardId();
            Map<String, String> signed = signatures();
            Res connected = h.put("/api/boards/" + board + "/github", map("repository", "Codertocat/Hello-World",
                    "secret", SECRET, "label", "bug"));
            assertEquals(200, connected.status(), connected.toString());
            assertFalse(connected.raw().body().contains(SECRET), "the secret is never answered");
            assertEquals("/hooks/github/" + board, connected.data().get("hook_path"));

            byte[] opened = fixture("issues-opened.json");
            Res unsigned = deliver(h, board, "issues", "d-0", opened, null);
            assertEquals(401, unsigned.status(), unsigned.toString());
            Res forged = deliver(h, board, "issues", "d-0", opened, signed.get("issues-edited.json"));
            assertEquals(401, forged.status(), forged.toString());

            Res created = deliver(h, board, "issues", "d-1", opened, signed.get("issues-opened.json"));
            assertEquals(202, created.status(), created.toString());
            assertEquals("created", created.data().get("outcome"));
            String task = (String) created.data().get("task");
            Map<String, Object> made = h.get("/api/tasks/" + task).data();
            assertEquals("Spelling error in the README file", made.get("title"));
            assertEquals("open", made.get("status"));
            assertEquals("https://github.com/Codertocat/Hello-World/issues/1", made.get("external_url"));
            assertTrue(((String) made.get("description")).contains("accidently spelled 'commit'"));

            Res twice = deliver(h, board, "issues", "d-1", opened, signed.get("issues-opened.json"));
            assertEquals("duplicate", twice.data().get("outcome"), twice.toString());
            assertEquals(202, deliver(h, board, "issues", "d-2", fixture("issues-assigned.json"),
                    signed.get("issues-assigned.json")).status(), "assigned changes no task");

            Res edited = deliver(h, board, "issues", "d-3", fixture("issues-edited.json"), signed.get("issues-edited.json"));
            assertEquals("updated", edited.data().get("outcome"), edited.toString());
            assertEquals("Spelling error in the README file, edited", h.get("/api/tasks/" + task).data().get("title"));

            Res closed = deliver(h, board, "issues", "d-4", fixture("issues-closed.json"), signed.get("issues-closed.json"));
            assertEquals("archived", closed.data().get("outcome"), closed.toString());
            assertNotNull(h.get("/api/tasks/" + task).data().get("archived_at"));

            Res reopened = deliver(h, board, "issues", "d-5", fixture("issues-reopened.json"),
                    signed.get("issues-reopened.json"));
            assertEquals("restored", reopened.data().get("outcome"), reopened.toString());
            assertNull(h.get("/api/tasks/" + task).data().get("archived_at"));

            Res labeled = deliver(h, board, "issues", "d-6", fixture("issues-labeled.json"),
                    signed.get("issues-labeled.json"));
            assertEquals("updated", labeled.data().get("outcome"), labeled.toString());

            byte[] push = "{\"ref\":\"refs/heads/main\"}".getBytes(StandardCharsets.UTF_8);
            Res other = deliver(h, board, "push", "d-7", push, dev.tasklane.domain.github.GithubSignature.sign(SECRET, push));
            assertEquals(202, other.status(), other.toString());
            assertEquals("ignored", other.data().get("outcome"));

            byte[] notJson = "not json".getBytes(StandardCharsets.UTF_8);
            Res unreadable = deliver(h, board, "issues", "d-8", notJson,
                    dev.tasklane.domain.github.GithubSignature.sign(SECRET, notJson));
            assertEquals(400, unreadable.status(), unreadable.toString());
            Res elsewhere = deliver(h, 9_999, "issues", "d-9", opened, signed.get("issues-opened.json"));
            assertEquals(404, elsewhere.status(), elsewhere.toString());
        });
    }
}
