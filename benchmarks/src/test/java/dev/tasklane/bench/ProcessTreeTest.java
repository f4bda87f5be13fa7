package dev.tasklane.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The stop bench's poll sees a process tree alive while it runs, and gone once it ended, even unreaped. */
class ProcessTreeTest {
    @Test
    void aTreeIsAliveWhileItRunsAndGoneOnceKilled() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "reads /proc (Linux)");
        Process shell = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60; wait").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (shell.descendants().count() < 2) {
                assertTrue(System.nanoTime() < deadline, "the shell started its children");
                Thread.sleep(5);
            }
            List<ProcessHandle> processes = new java.util.ArrayList<>(shell.descendants().toList());
            processes.add(shell.toHandle());
            List<ProcessTree.Member> tree = ProcessTree.of(processes);
            assertEquals(3, tree.size(), tree::toString);
            assertTrue(ProcessTree.anyAlive(tree));

            processes.forEach(ProcessHandle::destroy);
            while (ProcessTree.anyAlive(tree)) {
                assertTrue(System.nanoTime() < deadline, "the tree ended after TERM: " + tree);
                Thread.sleep(1);
            }
            assertFalse(ProcessTree.anyAlive(tree));
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly();
        }
    }

    @Test
    void aPidThatNamesALaterProcessDoesNotCount() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "reads /proc (Linux)");
        long self = ProcessHandle.current().pid();
        long start = ProcessTree.startTicks(self).orElseThrow();
        assertTrue(ProcessTree.anyAlive(List.of(new ProcessTree.Member(self, start))));
        assertFalse(ProcessTree.anyAlive(List.of(new ProcessTree.Member(self, start - 1))));
    }
}
