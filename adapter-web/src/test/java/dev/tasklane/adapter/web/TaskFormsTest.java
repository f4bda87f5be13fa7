package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskType;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The New task, New goal and Edit forms and the dependency panel, posted as a browser without JavaScript posts them:
 * what they create or change is read back through the use cases; refusals carry the API's messages beside the field.
 */
class TaskFormsTest {

    private static List<Map.Entry<String, String>> fields(String... keysAndValues) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.add(Map.entry(keysAndValues[i], keysAndValues[i + 1]));
        }
        return out;
    }

    private static Task task(WebClient web, String identifier) {
        return web.tasklane.reads().get(web.owner, TaskRef.parse(identifier)).task();
    }

    @Test
    void aNewTaskWithEveryKindOfFieldIsCreatedThroughTheUseCase() {
        try (WebClient web = new WebClient()) {
            String form = web.get(web.boardPath() + "/new").body();
            assertTrue(form.contains("id=\"f-title\""), form);
            HttpResponse<String> created = web.postFields(web.boardPath() + "/new", fields(
                    "title", "Retry the upload", "type", "defect", "priority", "high", "complexity", "medium",
                    "description", "It gives up\r\ntoo soon", "acceptance_criteria", "retries 3 times\r\nlogs each try",
                    "needs_review", "true", "required_capabilities", "testing",
                    "kf_path", "src/Upload.java", "kf_note", "the loop", "kf_path", "", "kf_note", "",
                    "vs_type", "command", "vs_text", "mvn test", "vs_expected", "green",
                    "unit_tests", "retry count\nbackoff", "coverage_target", "90%",
                    "pitfalls", "do not retry a 4xx", "why", "users lose files", "estimated_files", "2-4",
                    "security_considerations", "no secrets in logs", "op", "save"));
            assertEquals(303, created.statusCode(), created.body());
            Task task = task(web, "D1");
            assertEquals("Retry the upload", task.spec().title());
            assertEquals("It gives up\ntoo soon", task.spec().description(), "a browser's CRLF reaches the API as LF");
            assertFalse(String.valueOf(task.spec().acceptanceCriteria()).contains("\r"), "criteria without CR");
            assertEquals(TaskType.DEFECT, task.type());
            assertTrue(task.spec().needsReview());
            assertEquals(java.util.Set.of(Capability.fromCode("testing").orElseThrow()), task.spec().requiredCapabilities());
            assertEquals(1, task.spec().keyFiles().size(), "the blank row is left out");
            assertEquals("src/Upload.java", task.spec().keyFiles().get(0).filePath());
            assertEquals("mvn test", task.spec().verificationSteps().get(0).stepText());
            assertEquals(List.of("retry count", "backoff"), task.spec().testingStrategy().unitTests().lines());
            assertEquals(List.of("do not retry a 4xx"), task.spec().details().pitfalls());
            assertEquals("2-4", task.spec().details().text(dev.tasklane.domain.task.Detail.ESTIMATED_FILES));
        }
    }

    @Test
    void rowsAreAddedAndRemovedWithoutLosingWhatWasTyped() {
        try (WebClient web = new WebClient()) {
            HttpResponse<String> more = web.postFields(web.boardPath() + "/new", fields("title", "Keep me",
                    "type", "work", "priority", "low", "kf_path", "a.txt", "kf_note", "first",
                    "vs_type", "manual", "vs_text", "look", "vs_expected", "", "op", "add_kf"));
            assertEquals(200, more.statusCode());
            assertTrue(more.body().contains("id=\"kf-path-1\""), "a second key file row");
            assertTrue(more.body().contains("value=\"Keep me\""));
            assertTrue(more.body().contains("value=\"a.txt\""));
            HttpResponse<String> fewer = web.postFields(web.boardPath() + "/new", fields("title", "Keep me",
                    "type", "work", "priority", "low", "kf_path", "a.txt", "kf_note", "first", "kf_path", "b.txt",
                    "kf_note", "second", "op", "remove_kf:0"));
            assertTrue(fewer.body().contains("value=\"b.txt\"") && !fewer.body().contains("value=\"a.txt\""));
            assertTrue(web.tasklane.reads().list(web.owner,
                    dev.tasklane.application.port.in.TaskQuery.all(web.board)).tasks().isEmpty(), "nothing created");
        }
    }

    @Test
    void errorsAreShownBesideTheirFieldsAndNothingTypedIsLost() {
        try (WebClient web = new WebClient()) {
            HttpResponse<String> refused = web.postFields(web.boardPath() + "/new", fields("title", "  ",
                    "type", "work", "priority", "medium", "description", "my long text", "estimated_files", "many",
                    "kf_path", "", "kf_note", "", "kf_path", "../etc/passwd", "kf_note", "bad", "dependencies", "W99",
                    "op", "save"));
            assertEquals(422, refused.statusCode());
            String body = refused.body();
            assertTrue(body.contains("id=\"err-title\">⚠".replace("⚠", "")) || body.contains("id=\"err-title\""), body);
            assertTrue(body.contains("can&#39;t be blank") || body.contains("can't be blank"), body);
            assertTrue(body.contains("id=\"err-estimate\""), body);
            assertTrue(body.contains("id=\"err-kf-1\""), "the path error is beside the row typed (the second)");
            assertTrue(body.contains(">my long text</textarea>"));
            assertTrue(body.contains("value=\"../etc/passwd\""));
            assertTrue(body.contains("id=\"error-summary\""));

            HttpResponse<String> unknown = web.postFields(web.boardPath() + "/new", fields("title", "t",
                    "type", "work", "priority", "medium", "dependencies", "W99", "op", "save"));
            assertEquals(422, unknown.statusCode());
            assertTrue(unknown.body().contains("id=\"err-dependencies\""), unknown.body());
            assertTrue(unknown.body().contains("unknown task identifier(s): W99"), unknown.body());
        }
    }

    @Test
    void aGoalIsCreatedWithItsTasksInOneSubmitAndAChildCanBeAddedFromItsPage() {
        try (WebClient web = new WebClient()) {
            assertTrue(web.get(web.boardPath() + "/new?kind=goal").body().contains("id=\"c-title-1\""));
            HttpResponse<String> badChild = web.postFields(web.boardPath() + "/new", fields("title", "Ship it",
                    "type", "goal", "priority", "high",
                    "c_title", "first", "c_type", "work", "c_priority", "medium", "c_description", "", "c_criteria", "", "c_dependencies", "",
                    "c_title", "", "c_type", "work", "c_priority", "medium", "c_description", "typed", "c_criteria", "", "c_dependencies", "",
                    "op", "save"));
            assertEquals(422, badChild.statusCode());
            assertTrue(badChild.body().contains("id=\"err-c-title-1\""), badChild.body());
            assertTrue(badChild.body().contains(">typed</textarea>"));

            HttpResponse<String> created = web.postFields(web.boardPath() + "/new", fields("title", "Ship it",
                    "type", "goal", "priority", "high",
                    "c_title", "first", "c_type", "work", "c_priority", "medium", "c_description", "", "c_criteria", "", "c_dependencies", "",
                    "c_title", "second", "c_type", "defect", "c_priority", "low", "c_description", "", "c_criteria", "", "c_dependencies", "#1",
                    "op", "save"));
            assertEquals(303, created.statusCode(), created.body());
            Task goal = task(web, "G1");
            List<TaskView> children = web.tasklane.reads().tree(web.owner, TaskRef.parse("G1")).children();
            assertEquals(2, children.size());
            assertEquals(List.of(children.get(0).task().identifier()),
                    children.get(1).task().spec().dependencies());
            assertEquals(goal.id(), children.get(1).task().parentId());

            String goalPage = web.get(web.boardPath() + "/tasks/G1").body();
            assertTrue(goalPage.contains("/new?parent=G1"), goalPage);
            assertTrue(web.get(web.boardPath() + "/new?parent=G1").body().contains("value=\"G1\""));
            web.postFields(web.boardPath() + "/new", fields("title", "third", "type", "work", "priority", "low",
                    "parent_id", "G1", "op", "save"));
            assertEquals(3, web.tasklane.reads().tree(web.owner, TaskRef.parse("G1")).children().size());
        }
    }

    private static final Pattern VERSION = Pattern.compile("name=\"version\" value=\"(\\d+)\"");

    private static String version(String page) {
        Matcher matcher = VERSION.matcher(page);
        assertTrue(matcher.find(), page);
        return matcher.group(1);
    }

    @Test
    void anEditIsSavedAndASecondSaveAgainstAnOlderVersionIsRefusedKeepingTheText() {
        try (WebClient web = new WebClient()) {
            web.tasklane.create().create(web.owner, TaskCommands.create(Map.of("title", "old", "type", "work",
                    "priority", "medium", "key_files", List.of(Map.of("file_path", "a.txt", "position", 0))), null));
            String form = web.get(web.boardPath() + "/tasks/W1/edit").body();
            assertTrue(form.contains("value=\"a.txt\""), "the current key file is in the form");
            String read = version(form);
            HttpResponse<String> saved = web.postFields(web.boardPath() + "/tasks/W1/edit", fields("version", read,
                    "title", "first person", "type", "work", "priority", "high", "kf_path", "a.txt", "kf_note", "",
                    "op", "save"));
            assertEquals(303, saved.statusCode(), saved.body());
            assertEquals("first person", task(web, "W1").spec().title());

            HttpResponse<String> stale = web.postFields(web.boardPath() + "/tasks/W1/edit", fields("version", read,
                    "title", "second person", "type", "work", "priority", "low", "description", "my words",
                    "op", "save"));
            assertEquals(409, stale.statusCode());
            assertTrue(stale.body().contains("value=\"second person\""), "the second person's text is kept");
            assertTrue(stale.body().contains(">my words</textarea>"));
            assertTrue(stale.body().contains("id=\"current-version\"") && stale.body().contains("first person"));
            assertEquals("first person", task(web, "W1").spec().title());
            String newer = version(stale.body());
            HttpResponse<String> again = web.postFields(web.boardPath() + "/tasks/W1/edit", fields("version", newer,
                    "title", "second person", "type", "work", "priority", "low", "op", "save"));
            assertEquals(303, again.statusCode());
            assertEquals("second person", task(web, "W1").spec().title());
            assertTrue(task(web, "W1").spec().keyFiles().isEmpty(), "an emptied row list clears the field");
        }
    }

    @Test
    void rowsPastTheirCapAreRefusedNamingTheCap() {
        try (WebClient web = new WebClient()) {
            List<Map.Entry<String, String>> form = fields("title", "many files", "type", "work", "priority", "low",
                    "op", "save");
            for (int i = 0; i <= dev.tasklane.domain.validation.Limit.KEY_FILES.max(); i++) {
                form.add(Map.entry("kf_path", "src/F" + i + ".java"));
                form.add(Map.entry("kf_note", ""));
            }
            HttpResponse<String> refused = web.postFields(web.boardPath() + "/new", form);
            assertEquals(422, refused.statusCode());
            assertTrue(refused.body().contains("cap KEY_FILES"), refused.body());
            assertTrue(refused.body().contains("value=\"src/F50.java\""), "every row typed is kept");
            assertTrue(!refused.body().contains("id=\"add-key-file\""), "no add button past the cap");
        }
    }

    @Test
    void editingATaskInDoingWarnsThatAnAgentHoldsIt() {
        try (WebClient web = new WebClient()) {
            web.tasklane.create().create(web.owner,
                    TaskCommands.create(Map.of("title", "held", "type", "work", "priority", "medium"), null));
            assertTrue(!web.get(web.boardPath() + "/tasks/W1/edit").body().contains("id=\"hold-warning\""));
            web.tasklane.claims().claim(web.owner, new dev.tasklane.application.port.in.ClaimTask("W1", "agent-7",
                    new dev.tasklane.domain.hook.HookResult(0, "ok", 10L), null));
            String form = web.get(web.boardPath() + "/tasks/W1/edit").body();
            assertTrue(form.contains("id=\"hold-warning\"") && form.contains("agent-7"), form);
        }
    }

    @Test
    void dependenciesAreAddedAndRemovedAndACycleOrUnknownIdentifierIsRefusedWithTheApisMessage() {
        try (WebClient web = new WebClient()) {
            for (String title : new String[] {"a", "b"}) {
                web.tasklane.create().create(web.owner,
                        TaskCommands.create(Map.of("title", title, "type", "work", "priority", "medium"), null));
            }
            assertEquals(303, web.post(web.boardPath() + "/tasks/W2/dependencies", Map.of("dependency", "W1")).statusCode());
            assertEquals(List.of("W1"), task(web, "W2").spec().dependencies().stream().map(Object::toString).toList());
            HttpResponse<String> cycle = web.post(web.boardPath() + "/tasks/W1/dependencies", Map.of("dependency", "W2"));
            assertEquals(422, cycle.statusCode());
            assertTrue(cycle.body().contains("creates a circular dependency: W1 → W2 → W1"), cycle.body());
            assertTrue(cycle.body().contains("id=\"err-dependency\""));
            HttpResponse<String> unknown = web.post(web.boardPath() + "/tasks/W1/dependencies", Map.of("dependency", "W42"));
            assertTrue(unknown.body().contains("unknown task identifier(s): W42"), unknown.body());
            assertTrue(unknown.body().contains("value=\"W42\""), "what was typed is kept");
            assertTrue(task(web, "W1").spec().dependencies().isEmpty());
            assertEquals(303, web.post(web.boardPath() + "/tasks/W2/dependencies", Map.of("remove", "W1")).statusCode());
            assertTrue(task(web, "W2").spec().dependencies().isEmpty());
        }
    }
}
