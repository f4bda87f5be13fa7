package dev.tasklane.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stop ends a running command and its children as soon as it is signalled, without waiting for a poll. */
class ShellProcessTest {
    @TempDir
    Path dir;

    @Test
    void aSignalledStopEndsTheCommandAndItsChildrenWithTerm() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        List<String> pids = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<String> stop = new CompletableFuture<>();
        CompletableFuture<ShellProcess.Outcome> run = CompletableFuture.supplyAsync(() -> new ShellProcess(dir).run(
                "sleep 600 & echo $!; echo $$; sleep 600", Map.of(), Duration.ofMinutes(10), line -> {
                    pids.add(line.strip());
                    if (pids.size() == 2) {
                        started.countDown();
                    }
                }, stop));
        assertTrue(started.await(20, TimeUnit.SECONDS), "the command started");

        long signalled = System.nanoTime();
        stop.complete("Wrong module");
        ShellProcess.Outcome outcome = run.get(10, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);

        assertTrue(outcome.stopped(), outcome::toString);
        assertEquals(ShellProcess.STOPPED, outcome.exitCode());
        // TERM sufficed: the run ended before the grace after which KILL follows
        assertTrue(millis < ShellProcess.TERM_GRACE.toMillis(), "stop to the run's end: " + millis + " ms");
        for (String pid : pids) {
            assertFalse(ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false),
                    "process " + pid + " of the command is gone");
        }
    }
}
