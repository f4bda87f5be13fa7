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

    @Test
    void aStopOfAnEarlierClaimDoesNotEndTheNextClaimsCommand() throws Exception {
        ws.gitInit(Workspace.loggingHooks());
        server.call("POST", "/api/tasks", Map.of("task", Map.of("title", "Stopped once", "type", "work",
                "priority", "medium")));
        Path started = dir.resolve("started");
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> ws.agent("run", "--exec",
                "touch " + started + "; sleep 600"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(started) || !"in_progress".equals(server.task("W1").path("status").asText())) {
            assertTrue(System.nanoTime() < deadline, "the command started: " + ws.err());
            Thread.sleep(20);
        }
        server.call("POST", "/api/tasks/W1/stop", Map.of("reason", "Wrong module"));
        assertEquals(ExitCodes.STOPPED, first.get(5, TimeUnit.SECONDS), ws::err);
        assertEquals("open", server.task("W1").path("status").asText());

        // the task's log still holds that stop: the next claim's command must run to its end all the same
        int second = ws.agent("run", "--exec", "sleep 1; echo finished");

        assertEquals(ExitCodes.OK, second, ws::err);
        assertTrue(ws.out().contains("finished"), ws::out);
        assertFalse("open".equals(server.task("W1").path("status").asText()), "the second claim completed W1");
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
