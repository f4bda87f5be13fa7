package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tasklane agent run} end to end against a real in-process server, in a temporary git repository. */
class AgentRunTest extends AgainstServer {
    @Test
    void drainsAGoalInDependencyOrderAndStopsAtTheTaskThatNeedsReview() {
        ws.gitInit(Workspace.loggingHooks());
        createGoal(List.of(task("Schema"), task("Endpoint", "dependencies", List.of(0)),
                task("Form", "dependencies", List.of(1), "needs_review", true)));

        int exit = ws.agent("run", "--exec", "echo \"$TASK_IDENTIFIER\" >> work.log");

        assertEquals(ExitCodes.OK, exit, ws::err);
        assertEquals(List.of(
                "before_doing W1", "after_doing W1", "before_review W1", "after_review W1",
                "before_doing W2", "after_doing W2", "before_review W2", "after_review W2",
                "before_doing W3", "after_doing W3", "before_review W3"), ws.hookLog());
        assertEquals("W1\nW2\nW3\n", ws.read("work.log"));
        assertEquals("completed", server.task("W1").path("status").asText());
        assertEquals("completed", server.task("W2").path("status").asText());
        assertEquals("review", server.task("W3").path("status").asText());
        assertTrue(ws.out().contains("Summary: finished W1, W2; W3 waits for review"), ws::out);
        assertEquals("W3", ClaimState.load(dir).orElseThrow().identifier(), "the task in Review is still held");
    }

    @Test
    void completesWithTheSkipFormsAndHonestWorkflowSteps() throws Exception {
        ws.gitInit("");
        server.call("POST", "/api/tasks", Map.of("task", task("Only")));

        assertEquals(ExitCodes.OK, ws.agent("run", "--json", "--exec", "true"), ws::err);

        JsonNode summary = TestServer.JSON.readTree(ws.out());
        assertEquals("W1", summary.path("done").path(0).asText(), "stdout is the JSON summary alone");
        assertTrue(summary.path("queue_empty").asBoolean());
        JsonNode done = server.task("W1");
        assertEquals("no_subagent_support", done.path("explorer_result").path("reason").asText());
        assertFalse(done.path("reviewer_result").path("dispatched").asBoolean());
        List<String> dispatched = new ArrayList<>();
        done.path("workflow_steps").forEach(step -> {
            if (step.path("dispatched").asBoolean()) {
                dispatched.add(step.path("name").asText());
            }
        });
        assertEquals(List.of("implementation", "after_doing", "before_review"), dispatched);
    }

    @Test
    void hooksAndTheCommandSeeTheSpecEnvironment() {
        String dump = "env | grep -E '^(TASK|BOARD|COLUMN|AGENT|HOOK|GOAL)_' | sort > env-$HOOK_NAME.txt";
        ws.gitInit("## before_doing\n```bash\n" + dump + "\n```\n## after_review\n```bash\n" + dump + "\n```\n");
        ws.write(".gitignore", "env-*.txt\ncommand.txt\n");
        server.call("POST", "/api/tasks", Map.of("task", task("Login page", "description", "Build it",
                "complexity", "small")));

        int exit = ws.agent("run", "--exec", "env | grep -E '^(TASK_IDENTIFIER|HOOK_NAME|TASKLANE_TASK_FILE)=' "
                + "| sort > command.txt; cat \"$TASKLANE_TASK_FILE\" >> command.txt");

        assertEquals(ExitCodes.OK, exit, ws::err);
        String before = ws.read("env-before_doing.txt");
        for (String line : List.of("HOOK_NAME=before_doing", "TASK_IDENTIFIER=W1", "TASK_TITLE=Login page",
                "TASK_DESCRIPTION=Build it", "TASK_STATUS=open", "TASK_COMPLEXITY=small", "TASK_PRIORITY=medium",
                "TASK_NEEDS_REVIEW=false", "BOARD_NAME=Default", "COLUMN_NAME=Ready", "AGENT_NAME=test-agent")) {
            assertTrue(before.lines().anyMatch(line::equals), () -> line + " missing in\n" + before);
        }
        String after = ws.read("env-after_review.txt");
        assertTrue(after.contains("HOOK_NAME=after_review\n"), after);
        assertTrue(after.contains("TASK_STATUS=completed\n"), after);
        assertTrue(after.contains("COLUMN_NAME=Done\n"), after);
        String command = ws.read("command.txt");
        assertTrue(command.contains("TASK_IDENTIFIER=W1\n"), command);
        assertTrue(command.contains("TASKLANE_TASK_FILE=" + dir.resolve(".tasklane/task.json") + "\n"), command);
        assertFalse(command.contains("HOOK_NAME="), "the command is not a hook");
        assertTrue(command.contains("\"title\" : \"Login page\""), command);
    }

    @Test
    void aFailingHookStopsTheFlowAndTheTaskStaysClaimed() {
        ws.gitInit(Workspace.loggingHooks().replace("## after_doing\n\nLogs itself.\n\n```bash\n",
                "## after_doing\n\nFails.\n\n```bash\necho 'tests failed' >&2\nexit 3\n"));
        server.call("POST", "/api/tasks", Map.of("task", task("Broken")));

        int exit = ws.agent("run", "--exec", "true");

        assertEquals(ExitCodes.HOOK_FAILED, exit);
        assertTrue(ws.err().contains("Hook after_doing failed with exit code 3; W1 stays claimed"), ws::err);
        assertTrue(ws.err().contains("tests failed"), ws::err);
        assertEquals(List.of("before_doing W1"), ws.hookLog(), "nothing runs after the failed hook");
        assertEquals("in_progress", server.task("W1").path("status").asText());
        assertTrue(ClaimState.load(dir).isPresent());
    }

    @Test
    void aFailingBeforeDoingClaimsNothing() {
        ws.gitInit("## before_doing\n```sh\nexit 9\n```\n");
        server.call("POST", "/api/tasks", Map.of("task", task("Never claimed")));

        assertEquals(ExitCodes.HOOK_FAILED, ws.agent("run", "--exec", "true"));

        assertTrue(ws.err().contains("before_doing failed with exit code 9; W1 was not claimed"), ws::err);
        assertEquals("open", server.task("W1").path("status").asText());
        assertTrue(ClaimState.load(dir).isEmpty());
    }

    @Test
    void aHookOverItsTimeoutIsKilledWithItsChildren() throws Exception {
        server.close();
        server = TestServer.withHookTimeouts(Map.of(HookName.AFTER_DOING, Duration.ofSeconds(1)));
        ws = new Workspace(dir, server.url, server.agentToken("agent"));
        ws.gitInit("## after_doing\n```bash\n(echo $BASHPID > child.pid; sleep 60) &\nsleep 60\n```\n");
        ws.write(".gitignore", "child.pid\n");
        server.call("POST", "/api/tasks", Map.of("task", task("Slow checks")));

        long started = System.nanoTime();
        int exit = ws.agent("run", "--exec", "true");

        assertEquals(ExitCodes.HOOK_FAILED, exit);
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) < 20, "killed at its timeout");
        assertTrue(ws.err().contains("after_doing timed out after 1000 ms and was killed"), ws::err);
        long child = Long.parseLong(ws.read("child.pid").strip());
        await(() -> !running(child));
        assertEquals("in_progress", server.task("W1").path("status").asText());
    }

    @Test
    void aFailingCommandReleasesTheTask() {
        ws.gitInit(Workspace.loggingHooks());
        server.call("POST", "/api/tasks", Map.of("task", task("Too hard")));

        assertEquals(ExitCodes.EXEC_FAILED, ws.agent("run", "--exec", "echo trying; exit 7"));

        assertTrue(ws.err().contains("The command exited with 7 while working on W1; the task was unclaimed"), ws::err);
        assertEquals("open", server.task("W1").path("status").asText());
        assertEquals(List.of("before_doing W1"), ws.hookLog());
        assertTrue(ClaimState.load(dir).isEmpty());
    }

    @Test
    void uploadsTheChangedFilesSnapshotFromGit() throws Exception {
        ws.write("src/App.java", "class App {}\n");
        ws.write("logo.bin", "old");
        ws.gitInit("");
        ws.write("scratch.txt", "untracked before the claim, not the task's work\n");
        server.call("POST", "/api/tasks", Map.of("task", task("Change files")));

        int exit = ws.agent("run", "--exec", "echo 'class App { int x; }' > src/App.java"
                + " && seq 1 600 > big.txt && printf 'new file\\n' > notes.md && printf '\\000\\001\\002' > logo.bin");

        assertEquals(ExitCodes.OK, exit, ws::err);
        JsonNode files = server.task("W1").path("changed_files");
        List<String> paths = new ArrayList<>();
        files.forEach(file -> paths.add(file.path("path").asText()));
        assertEquals(List.of("big.txt", "logo.bin", "notes.md", "src/App.java"), paths);
        assertTrue(diff(files, "src/App.java").contains("+class App { int x; }"));
        assertTrue(diff(files, "notes.md").contains("+new file"));
        assertEquals(DiffCap.BINARY, diff(files, "logo.bin"));
        List<String> big = diff(files, "big.txt").lines().toList();
        assertEquals(500, big.size());
        assertEquals(DiffCap.TRUNCATED, big.get(499));
        assertEquals("big.txt, logo.bin, notes.md, src/App.java",
                server.task("W1").path("actual_files_changed").asText());
        assertTrue(Files.exists(dir.resolve("scratch.txt")));
    }

    @Test
    void keepsTheLeaseAliveWithHeartbeatsWhileTheCommandRuns() {
        ws.gitInit("");
        server.call("POST", "/api/tasks", Map.of("task", task("Long work")));

        assertEquals(ExitCodes.OK, ws.agent("run", "--heartbeat-seconds=1", "--exec", "sleep 2.5"), ws::err);

        long heartbeats = count(server.call("GET", "/api/tasks/W1/history", null).path("data"), "task.heartbeat");
        assertTrue(heartbeats >= 1, "heartbeats recorded: " + heartbeats);
    }

    @Test
    void waitsForTheReviewThenFinishesTheTaskAndItsGoal() throws Exception {
        ws.gitInit(Workspace.loggingHooks());
        createGoal(List.of(task("Reviewed work", "needs_review", true)));

        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(
                () -> ws.agent("run", "--wait-review", "--review-recheck-seconds=1", "--exec", "true"));
        await(() -> ws.out().contains("Waiting for the review of W1"));
        server.call("PATCH", "/api/tasks/W1/review", Map.of("review_status", "approved", "review_notes", "LGTM"));

        assertEquals(ExitCodes.OK, run.get(60, TimeUnit.SECONDS), ws::err);
        assertEquals(List.of("before_doing W1", "after_doing W1", "before_review W1", "after_review W1",
                "after_goal W1"), ws.hookLog());
        assertEquals("completed", server.task("W1").path("status").asText());
        assertEquals("completed", server.task("G1").path("status").asText());
        // the test server runs no sweeper, so no grace window finished the goal: the client's report did
        assertEquals(1, count(server.call("GET", "/api/tasks/G1/history", null).path("data"), "goal.completed"));
        assertTrue(ClaimState.load(dir).isEmpty());
    }

    @Test
    void aLaterRunResumesTheHeldTaskAfterItsReview() {
        ws.gitInit(Workspace.loggingHooks());
        server.call("POST", "/api/tasks", Map.of("task", task("Reviewed later", "needs_review", true)));
        assertEquals(ExitCodes.OK, ws.agent("run", "--exec", "true"), ws::err);
        server.call("PATCH", "/api/tasks/W1/review", Map.of("review_status", "approved"));

        assertEquals(ExitCodes.OK, ws.agent("run", "--wait-review", "--exec", "false"), ws::err);

        assertTrue(ws.out().contains("Resuming W1"), ws::out);
        assertEquals("completed", server.task("W1").path("status").asText());
        assertEquals("after_review W1", ws.hookLog().get(ws.hookLog().size() - 1));
    }

    @Test
    void reworksATaskWhenTheReviewRequestsChanges() throws Exception {
        ws.gitInit(Workspace.loggingHooks());
        server.call("POST", "/api/tasks", Map.of("task", task("Needs polish", "needs_review", true)));

        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> ws.agent("run", "--wait-review",
                "--review-recheck-seconds=1", "--exec", "echo \"round:${TASKLANE_REVIEW_NOTES:-first}\" >> work.log"));
        await(() -> ws.out().contains("Waiting for the review of W1"));
        server.call("PATCH", "/api/tasks/W1/review", Map.of("review_status", "changes_requested",
                "review_notes", "rename it"));
        await(() -> ws.out().split("Waiting for the review of W1", -1).length == 3);
        server.call("PATCH", "/api/tasks/W1/review", Map.of("review_status", "approved"));

        assertEquals(ExitCodes.OK, run.get(60, TimeUnit.SECONDS), ws::err);
        assertEquals("round:first\nround:rename it\n", ws.read("work.log"));
        assertEquals(List.of("before_doing W1", "after_doing W1", "before_review W1",
                "after_doing W1", "before_review W1", "after_review W1"), ws.hookLog());
        assertEquals("completed", server.task("W1").path("status").asText());
    }

    @Test
    void aTaskSentBackPrintsAndExportsTheCommentsNotSeenYet() throws Exception {
        ws.gitInit(Workspace.loggingHooks());
        server.call("POST", "/api/tasks", Map.of("task", task("Discussed", "needs_review", true)));

        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> ws.agent("run", "--wait-review",
                "--review-recheck-seconds=1", "--exec",
                "if [ -n \"$TASKLANE_COMMENTS_FILE\" ]; then cat \"$TASKLANE_COMMENTS_FILE\" >> comments.log; fi"));
        await(() -> ws.out().contains("Waiting for the review of W1"));
        server.call("POST", "/api/tasks/W1/comments", Map.of("body", "Mind the empty list"));
        server.call("PATCH", "/api/tasks/W1/review", Map.of("review_status", "changes_requested",
                "review_notes", "Cover it with a test"));
        await(() -> ws.out().split("Waiting for the review of W1", -1).length == 3);
        server.call("PATCH", "/api/tasks/W1/review", Map.of("review_status", "approved"));

        assertEquals(ExitCodes.OK, run.get(60, TimeUnit.SECONDS), ws::err);
        assertTrue(ws.out().contains("comment by admin"), ws::out);
        assertTrue(ws.out().contains("    Mind the empty list"), ws::out);
        String exported = ws.read("comments.log");
        assertTrue(exported.contains("Mind the empty list") && exported.contains("Cover it with a test"), exported);
        assertTrue(exported.contains("\"author\""), exported);
    }

    private void createGoal(List<Map<String, Object>> tasks) {
        server.call("POST", "/api/tasks", Map.of("task", Map.of("title", "Goal", "type", "goal", "priority", "high",
                "tasks", tasks)));
    }

    private static Map<String, Object> task(String title, Object... extra) {
        Map<String, Object> task = new java.util.LinkedHashMap<>(Map.of("title", title, "type", "work",
                "priority", "medium"));
        for (int i = 0; i < extra.length; i += 2) {
            task.put((String) extra[i], extra[i + 1]);
        }
        return task;
    }

    private static String diff(JsonNode files, String path) {
        for (JsonNode file : files) {
            if (path.equals(file.path("path").asText())) {
                return file.path("diff").asText();
            }
        }
        throw new AssertionError("no entry for " + path + " in " + files);
    }

    private static long count(JsonNode history, String kind) {
        long count = 0;
        for (JsonNode entry : history) {
            if (kind.equals(entry.path("kind").asText())) {
                count++;
            }
        }
        return count;
    }

    /** Alive and not a zombie waiting to be reaped (Linux: the state field of /proc/PID/stat). */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException gone) {
            return false;
        }
    }

    /** Waits for a condition the agent's thread brings about (its output, the server's state), up to 30 s. */
    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 30 s");
            }
            Thread.sleep(20);
        }
    }
}
