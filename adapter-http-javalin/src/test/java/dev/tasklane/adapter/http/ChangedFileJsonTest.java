package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.Harness.Res;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.tasklane.adapter.http.Harness.map;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The changed_files snapshot is typed at the edge (docs/rules.md, "Changed files"): the keys no rule names come
 * back as sent, and what the parser could not type is reported where the old raw check reported it, after the
 * access checks and in entry order.
 */
class ChangedFileJsonTest {
    @Test
    void keysNoRuleNamesAreAnsweredAsSentWhateverTheirJsonType() {
        Harness.run(h -> {
            String claimed = claimedTask(h);
            Map<String, Object> entry = map("path", "src/A.java", "diff", "+a\n", "diff_url", "https://example.test/1",
                    "added", 3, "ratio", 2.5, "binary", false, "renamed_from", null,
                    "stats", map("hunks", List.of(1, 2), "mode", map("old", "100644")));
            List<Object> files = List.of(entry, map("path", "README.md"));

            Res put = h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files", files));

            assertEquals(200, put.status(), put::toString);
            assertEquals(files, put.data().get("changed_files"));
            assertEquals(files, h.get("/api/tasks/" + claimed).data().get("changed_files"));
        });
    }

    @Test
    void aMalformedSnapshotFromSomeoneWhoMayNotWriteItIsRefusedForAccessFirst() {
        Harness.run(h -> {
            String claimed = claimedTask(h);
            String other = h.agentToken("other", false);

            Res refused = h.send("PUT", "/api/tasks/" + claimed + "/changed_files", map("changed_files", "nope"), other);

            assertEquals(403, refused.status(), refused::toString);
        });
    }

    @Test
    void everyProblemOfTheSnapshotIsReportedInEntryOrder() {
        Harness.run(h -> {
            String claimed = claimedTask(h);
            List<Object> files = new ArrayList<>();
            files.add("x");
            files.add(map("diff", "d"));
            files.add(map("path", "/abs", "diff", 5));
            files.add(map("path", "ok", "diff", "a\n".repeat(501)));

            Res refused = h.put("/api/tasks/" + claimed + "/changed_files", map("changed_files", files));

            assertEquals(422, refused.status(), refused::toString);
            assertEquals(List.of(map("field", "changed_files", "errors", List.of(
                    map("field", "changed_file_entry", "message", "changed_files[0] must be a map"),
                    map("field", "changed_file_path", "message", "changed_files[1] must have a non-empty string \"path\""),
                    map("field", "changed_file_path", "message", "changed_files[2] \"path\" must be a relative path, not absolute"),
                    map("field", "changed_file_diff", "message", "changed_files[2].diff must be a string"),
                    map("field", "changed_file_diff", "message", "changed_files[3].diff exceeds the 500-line cap")))),
                    refused.body().get("failures"));
            Res absent = h.put("/api/tasks/" + claimed + "/changed_files", map("files", List.of()));
            assertEquals(422, absent.status(), absent::toString);
            assertEquals(List.of(map("field", "changed_files", "errors", List.of(
                    map("field", "changed_files", "message", "must be present (send [] to clear)")))),
                    absent.body().get("failures"));
        });
    }

    private static String claimedTask(Harness h) {
        String identifier = String.valueOf(h.createTask("Changes").get("identifier"));
        assertEquals(200, h.claim(identifier, Harness.TOKEN).status());
        return identifier;
    }
}
