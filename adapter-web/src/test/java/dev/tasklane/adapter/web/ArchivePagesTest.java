package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.TaskCommands;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Archive, search, restore and delete through the pages, as a person without JavaScript does it, checked against the
 * use cases afterwards.
 */
class ArchivePagesTest {

    private static String create(WebClient web, String title) {
        TaskView view = web.tasklane.create().create(web.owner,
                TaskCommands.create(Map.of("title", title, "type", "work", "priority", "medium"), null)).root();
        return view.task().identifier().toString();
    }

    private static List<String> onTheBoard(WebClient web, boolean archived) {
        return web.tasklane.reads().list(web.owner, TaskQuery.all(web.board).withArchived(archived)).tasks().stream()
                .map(view -> view.task().identifier().toString()).toList();
    }

    @Test
    void archiveFromTheTaskPageFindItInTheArchiveAndRestoreIt() {
        try (WebClient web = new WebClient()) {
            String keep = create(web, "Keep the importer");
            String shelve = create(web, "Shelve the exporter");
            HttpResponse<String> page = web.get(web.boardPath() + "/tasks/" + shelve);
            assertTrue(page.body().contains("id=\"archive\""), "the task page offers to archive");

            HttpResponse<String> missingNote = web.post(web.boardPath() + "/tasks/" + shelve + "/archive",
                    Map.of("reason", "deferred", "note", ""));
            assertEquals(422, missingNote.statusCode());
            assertTrue(missingNote.body().contains("note is required when the reason is deferred"), missingNote.body());

            HttpResponse<String> archived = web.post(web.boardPath() + "/tasks/" + shelve + "/archive",
                    Map.of("reason", "deferred", "note", "after the release"));
            assertEquals(303, archived.statusCode(), archived.body());
            assertEquals(List.of(keep), onTheBoard(web, false));
            assertFalse(web.get(web.boardPath()).body().contains("Shelve the exporter"), "off the board");

            String archive = web.get(web.boardPath() + "/archive").body();
            assertTrue(archive.contains("id=\"archived-" + shelve + "\""), archive);
            assertTrue(archive.contains("after the release"));
            assertTrue(web.get(web.boardPath() + "/archive?q=exporter").body().contains("archived-" + shelve));
            assertFalse(web.get(web.boardPath() + "/archive?q=importer").body().contains("archived-" + shelve));
            assertFalse(web.get(web.boardPath() + "/archive?reason=cancelled").body().contains("archived-" + shelve));
            assertTrue(web.get(web.boardPath() + "/archive?reason=deferred&from=2020-01-01").body().contains("archived-" + shelve));
            assertFalse(web.get(web.boardPath() + "/archive?to=2020-01-01").body().contains("archived-" + shelve));
            assertEquals(422, web.get(web.boardPath() + "/archive?from=yesterday").statusCode());

            HttpResponse<String> restored = web.post(web.boardPath() + "/tasks/" + shelve + "/restore", Map.of());
            assertEquals(303, restored.statusCode(), restored.body());
            assertEquals(List.of(keep, shelve), onTheBoard(web, false));
            assertEquals(List.of(), onTheBoard(web, true));
        }
    }

    @Test
    void theArchiveExportsAsCsvAndTheBulkFormChecksItsDays() {
        try (WebClient web = new WebClient()) {
            String task = create(web, "Spreadsheet, \"quoted\"");
            web.tasklane.archives().archive(web.owner, dev.tasklane.application.port.in.TaskRef.parse(task),
                    dev.tasklane.domain.archive.ArchiveRequest.of("cancelled", "=HYPERLINK(\"x\")", null));
            HttpResponse<String> csv = web.get(web.boardPath() + "/archive.csv?reason=cancelled");
            assertEquals(200, csv.statusCode());
            assertTrue(csv.headers().firstValue("Content-Type").orElse("").startsWith("text/csv"));
            String[] lines = csv.body().split("\r\n");
            assertEquals("identifier,title,type,reason,note,duplicate_of,goal,assignee,archived_at", lines[0]);
            assertTrue(lines[1].startsWith(task + ",\"Spreadsheet, \"\"quoted\"\"\",work,Cancelled,\"'=HYPERLINK(\"\"x\"\")\""),
                    lines[1]);
            assertEquals(1, web.get(web.boardPath() + "/archive.csv?reason=deferred").body().split("\r\n").length);
            assertEquals("plain", ArchivePages.cell("plain"));
            assertEquals("'-1", ArchivePages.cell("-1"));

            assertEquals(422, web.post(web.boardPath() + "/archive/done", Map.of("days", "0")).statusCode());
            assertEquals(422, web.post(web.boardPath() + "/archive/done", Map.of("days", "many")).statusCode());
            HttpResponse<String> none = web.post(web.boardPath() + "/archive/done", Map.of("days", "30"));
            assertEquals(303, none.statusCode(), none.body());
            String notice = java.net.URLDecoder.decode(String.join(";", none.headers().allValues("Set-Cookie")),
                    java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(notice.contains("Nothing in Done is older than 30 days"), notice);
        }
    }

    @Test
    void anOwnerDeletesAReadyTaskAndARefusalSaysWhy() {
        try (WebClient web = new WebClient()) {
            String base = create(web, "Base");
            web.tasklane.create().create(web.owner, TaskCommands.create(Map.of("title", "Needs base", "type", "work",
                    "priority", "medium", "dependencies", List.of(base)), null));
            assertTrue(web.get(web.boardPath() + "/tasks/" + base).body().contains("id=\"delete\""));
            HttpResponse<String> refused = web.post(web.boardPath() + "/tasks/" + base + "/delete", Map.of());
            assertEquals(409, refused.statusCode());
            assertTrue(refused.body().contains("W2 depends on it"), refused.body());
            HttpResponse<String> deleted = web.post(web.boardPath() + "/tasks/W2/delete", Map.of());
            assertEquals(303, deleted.statusCode(), deleted.body());
            assertEquals(List.of(base), onTheBoard(web, false));
        }
    }
}
