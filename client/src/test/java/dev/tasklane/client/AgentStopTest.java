package dev.tasklane.client;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tasklane agent run} obeys a person's stop: the work command (and what it started) is ended, no further hook
 * runs, and the task is unclaimed, back in Ready.
 */
class AgentStopTest extends AgainstServer {
    @Test
    void aStopEndsATenMinuteCommandWithinFiveSecondsAndUnclaims() throws Exception {
        ws.gitInit(Workspace.loggingHooks());
        server.call("POST", "/api/tasks", Map.of("task", Map.of("title", "Long work", "type", "work",
                "priority", "medium")));
        Path pids = dir.resolve("pids");
        CompletableFuture<Integer> agent = CompletableFuture.supplyAsync(() -> ws.agent("run", "--exec",
                "sleep 600 & echo $! > " + pids + "; echo $$ >> " + pids + "; wait"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!(Files.exists(pids) && Files.readAllLines(pids).size() == 2)
                || !"in_progress".equals(server.task("W1").path("status").asText())) {
            assertTrue(System.nanoTime() < deadline, "the command started: " + ws.err());
            Thread.sleep(50);
        }

        long stoppedAt = System.nanoTime();
        server.call("POST", "/api/tasks/W1/stop", Map.of("reason", "Wrong module"));
        int exit = agent.get(5, TimeUnit.SECONDS);
        long gone = waitUntilGone(pids);
        long millis = TimeUnit.NANOSECONDS.toMillis(gone - stoppedAt);

        assertEquals(ExitCodes.STOPPED, exit, ws::err);
        assertTrue(millis < 5_000, "stop to process tree gone: " + millis + " ms");
        assertTrue(ws.err().contains("A person stopped the work on W1: Wrong module"), ws::err);
        assertEquals("open", server.task("W1").path("status").asText());
        assertEquals("stopped", server.call("GET", "/api/tasks/W1/session", null).path("data").path("end").asText());
        assertFalse(ws.hookLog().contains("after_doing W1"), "no further hook ran: " + ws.hookLog());
        assertTrue(ClaimState.load(dir).isEmpty());
        System.out.println("tasklane agent: stop to process tree gone in " + millis + " ms");
    }

    private static long waitUntilGone(Path pids) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            boolean alive = false;
            for (String pid : Files.readAllLines(pids)) {
                alive |= ProcessHandle.of(Long.parseLong(pid.trim())).map(ProcessHandle::isAlive).orElse(false);
            }
            if (!alive) {
                return System.nanoTime();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the work command's processes are still alive 10 s after the stop");
    }
}
