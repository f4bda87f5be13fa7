package dev.tasklane.adapter.http;

import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** `changed_files` is bounded in bytes, entries and line length; lists leave it out and stream. */
class ChangedFilesCapsTest {
    @Test
    void aGzipEnvelopeThatExpandsPastTheTaskCapIsRefusedAndChangesNothing() {
        Harness.run(h -> {
            String claimed = claimedTask(h);
            h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files", List.of(map("path", "a.txt", "diff", "+a\n"))));
            String json = "[{\"path\":\"a.txt\",\"diff\":\"" + "0".repeat(Limit.CHANGED_FILES_BYTES.max()) + "\"}]";
            Res bomb = h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files", map("encoding", "gzip+base64",
                    "data", Base64.getEncoder().encodeToString(EndpointsTest.gzip(json.getBytes(StandardCharsets.UTF_8))))));

            assertEquals(422, bomb.status(), bomb::toString);
            assertTrue(bomb.raw().body().contains("CHANGED_FILES_BYTES"), bomb::toString);
            assertEquals(List.of(map("path", "a.txt", "diff", "+a\n")), h.get("/api/tasks/" + claimed).data().get("changed_files"));
        });
    }

    @Test
    void entriesDiffBytesAndLineLengthEachHaveACapNamedInThe422() {
        Harness.run(h -> {
            String claimed = claimedTask(h);
            List<Object> many = new ArrayList<>();
            for (int i = 0; i <= Limit.CHANGED_FILES.max(); i++) {
                many.add(map("path", "f" + i));
            }
            String manyJson = Harness.write(many);
            Res envelope = h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files", map("encoding", "base64",
                    "data", Base64.getEncoder().encodeToString(manyJson.getBytes(StandardCharsets.UTF_8)))));
            assertEquals(422, envelope.status(), envelope::toString);
            assertTrue(envelope.raw().body().contains("cap CHANGED_FILES)"), envelope::toString);
            refused(h, claimed, many, "ANY_LIST");
            String bytes = "\u65e5".repeat(Limit.DIFF_BYTES.max() / 3 + 1); // 3 UTF-8 bytes each, one line
            refused(h, claimed, List.of(map("path", "big.txt", "diff", bytes)), "DIFF_BYTES");
            refused(h, claimed, List.of(map("path", "long.txt", "diff", "+" + "l".repeat(Limit.DIFF_LINE.max()) + "\n")),
                    "DIFF_LINE");
            Res fits = h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files",
                    List.of(map("path", "ok.txt", "diff", "+" + "l".repeat(Limit.DIFF_LINE.max() - 1) + "\n"))));
            assertEquals(200, fits.status(), fits::toString);
        });
    }

    @Test
    void listAnswersLeaveChangedFilesOutUnlessAskedAndSingleReadsKeepThem() {
        Harness.run(h -> {
            String claimed = claimedTask(h);
            h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files", List.of(map("path", "a.txt", "diff", "+a\n"))));

            h.get("/api/tasks").list().forEach(row -> assertFalse(row.containsKey("changed_files"), row::toString));
            Map<String, Object> asked = h.get("/api/tasks?include=changed_files").list().get(0);
            assertEquals(List.of(map("path", "a.txt", "diff", "+a\n")), asked.get("changed_files"));
            assertTrue(h.get("/api/tasks/" + claimed).data().containsKey("changed_files"));
        });
    }

    @Test
    void aLargeListIsStreamedRatherThanBuiltAsOneString() {
        Harness.run(h -> {
            Actor admin = h.tasklane.identity().authenticate(Harness.TOKEN, null);
            String description = "d".repeat(4_000);
            for (int i = 0; i < 500; i++) {
                h.tasklane.create().create(admin, TaskCommands.create(task("Task " + i, "description", description), null));
            }
            Res page = h.get("/api/tasks?limit=500");
            assertEquals(200, page.status());
            assertEquals(500, page.list().size());
            assertNull(page.header("content-length"), "a streamed answer has no length known in advance");
        });
    }

    private static void refused(Harness h, String identifier, List<Object> files, String cap) {
        Res res = h.put("/api/tasks/" + identifier + "/changed_files", map("changed_files", files));
        assertEquals(422, res.status(), () -> cap + " " + res.toString().substring(0, Math.min(400, res.toString().length())));
        assertTrue(res.raw().body().contains(cap), res::toString);
    }

    private static String claimedTask(Harness h) {
        String identifier = String.valueOf(h.createTask("Changes").get("identifier"));
        assertEquals(200, h.claim(identifier, Harness.TOKEN).status());
        return identifier;
    }
}
