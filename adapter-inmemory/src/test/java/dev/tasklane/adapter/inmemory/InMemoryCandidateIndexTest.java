package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.testing.Tasks.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What only the in-memory store promises: its candidate index is exact, bounded in cost and race-free. */
final class InMemoryCandidateIndexTest {
    private static final BoardId BOARD = BoardId.of(1);
    private static final UserId ME = UserId.of(10);
    private static final UserId SOMEONE_ELSE = UserId.of(11);
    private static final int SMALL_BACKLOG = 100;
    private static final int LARGE_BACKLOG = 100_000;
    private static final int THREADS = 16;
    private static final int RACED_TASKS = 400;
    private static final long WAIT_SECONDS = 60;
    private static final Set<Capability> CALLER_CAPABILITIES = Set.of(Capability.TESTING, Capability.GIT, Capability.DEVOPS);
    private static final List<Set<Capability>> TASK_CAPABILITIES = List.of(Set.of(), Set.of(Capability.TESTING),
            Set.of(Capability.TESTING, Capability.GIT), Set.of(Capability.DEVOPS), Set.of(Capability.UI_DESIGN));

    private final InMemoryStores memory = InMemoryStores.create();
    private final StoreSet stores = new StoreSet(memory.tasks(), memory.directory(), memory.transactions(), memory.events());
    private final TaskStore store = memory.tasks();

    @Test
    void reachingTheFirstCandidateCostsTheSameFor100And100000ReadyTasks(TestReporter reporter) {
        long small = stepsToFirstCandidate(SMALL_BACKLOG);
        long large = stepsToFirstCandidate(LARGE_BACKLOG);

        reporter.publishEntry(Map.of("steps_100", Long.toString(small), "steps_100000", Long.toString(large)));
        assertEquals(small, large, "work before the first candidate must not grow with the backlog");
        int partitionsTaken = 2 * (TASK_CAPABILITIES.size() - 1);
        assertTrue(large <= 4L * partitionsTaken, "bounded by the partitions the caller takes from: " + large);
    }

    /**
     * A board with {@code backlog} ready tasks spread over ten partitions, as many tasks blocked by an
     * unfinished dependency and as many assigned to someone else (both of critical priority, ahead of every
     * ready task in the queue), then the meter reading after the first candidate.
     */
    private long stepsToFirstCandidate(int backlog) {
        InMemoryStores fresh = InMemoryStores.create();
        InMemoryTaskStore tasks = fresh.tasks();
        for (int i = 1; i <= backlog; i++) {
            Set<Capability> required = TASK_CAPABILITIES.get(i % TASK_CAPABILITIES.size());
            tasks.insert(Tasks.work(BOARD, i).priority(Priority.HIGH).assignedTo(i % 2 == 0 ? null : ME)
                    .requires(required.toArray(Capability[]::new)).build());
            tasks.insert(Tasks.defect(BOARD, i).priority(Priority.CRITICAL).dependsOn("G999999").build());
            tasks.insert(Tasks.work(BOARD, backlog + i).priority(Priority.CRITICAL).assignedTo(SOMEONE_ELSE).build());
        }
        tasks.meter().reset();
        Task first = fresh.transactions().inTransaction(() ->
                tasks.candidates(new CandidateQuery(BOARD, ME, CALLER_CAPABILITIES, NOW)).next());
        assertEquals("W1", first.identifier().toString());
        return tasks.meter().steps();
    }

    @Test
    void sixteenThreadsClaimEveryTaskExactlyOnce() throws Exception {
        for (int i = 1; i <= RACED_TASKS; i++) {
            store.insert(Tasks.work(BOARD, i).priority(Priority.values()[i % Priority.values().length]).build());
        }
        Map<TaskId, Integer> claims = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<Integer>> agents = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                String agent = "agent-" + t;
                agents.add(() -> {
                    start.await();
                    int taken = 0;
                    for (Optional<TaskId> claimed = claimNext(agent); claimed.isPresent(); claimed = claimNext(agent)) {
                        claims.merge(claimed.get(), 1, Integer::sum);
                        taken++;
                    }
                    return taken;
                });
            }
            List<Future<Integer>> results = new ArrayList<>();
            for (Callable<Integer> agent : agents) {
                results.add(pool.submit(agent));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> result : results) {
                total += result.get(WAIT_SECONDS, TimeUnit.SECONDS);
            }
            assertEquals(RACED_TASKS, total);
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS));
        }
        assertEquals(RACED_TASKS, claims.size());
        assertTrue(claims.values().stream().allMatch(count -> count == 1), "a task was claimed twice: " + claims);
        for (Task task : store.list(dev.tasklane.application.port.in.TaskQuery.all(BOARD)).tasks()) {
            assertEquals(Status.IN_PROGRESS, task.status());
            assertEquals(1, task.version(), "claimed exactly once: " + task.identifier());
        }
        assertFalse(store.candidates(new CandidateQuery(BOARD, ME, Set.of(), NOW)).hasNext());
    }

    /** One use case: take the first candidate that is still open and claim it. */
    private Optional<TaskId> claimNext(String agent) {
        return stores.tx(() -> {
            Iterator<Task> candidates = store.candidates(new CandidateQuery(BOARD, ME, Set.of(), NOW));
            while (candidates.hasNext()) {
                Task locked = store.lockById(BOARD, candidates.next().id()).orElseThrow();
                if (locked.status() == Status.OPEN) {
                    store.update(locked.withClaim(Status.IN_PROGRESS, locked.assignedToId(),
                            Tasks.claimExpiringAt(agent, NOW.plus(Tasks.LEASE), locked.assignedToId()), NOW));
                    return Optional.of(locked.id());
                }
            }
            return Optional.empty();
        });
    }

    @Test
    void claimingWhileIteratingNeitherFailsNorRepeats() {
        for (int i = 1; i <= SMALL_BACKLOG; i++) {
            store.insert(Tasks.work(BOARD, i).build());
        }
        List<String> seen = stores.tx(() -> {
            List<String> identifiers = new ArrayList<>();
            Iterator<Task> it = store.candidates(new CandidateQuery(BOARD, ME, Set.of(), NOW));
            while (it.hasNext()) {
                Task task = it.next();
                identifiers.add(task.identifier().toString());
                store.update(task.withSpec(task.spec().toBuilder().priority(Priority.CRITICAL).build(), NOW));
            }
            return identifiers;
        });

        assertEquals(SMALL_BACKLOG, seen.size());
        assertEquals(SMALL_BACKLOG, Set.copyOf(seen).size());
    }

    @Test
    void theIndexLeavesOutTasksTheCallerCannotTake() {
        store.insert(Tasks.work(BOARD, 1).build());
        store.insert(Tasks.work(BOARD, 2).dependsOn("W1").build());
        store.insert(Tasks.work(BOARD, 3).assignedTo(SOMEONE_ELSE).build());
        store.insert(Tasks.work(BOARD, 4).requires(Capability.DEVOPS).build());
        store.insert(Tasks.work(BOARD, 5).human().build());
        store.insert(Tasks.work(BOARD, 6).assignedTo(SOMEONE_ELSE).claimedUntil("gone", NOW.minusSeconds(1)).build());
        store.insert(Tasks.work(BOARD, 7).requires(Capability.TESTING).build());

        assertEquals(List.of("W1", "W7"), candidateIdentifiers(Set.of(Capability.TESTING)));
        assertEquals(List.of("W1", "W4", "W7"), candidateIdentifiers(Set.of()));
    }

    @Test
    void aRolledBackCompletionLeavesTheDependentBlocked() {
        Task dependency = store.insert(Tasks.work(BOARD, 1).build());
        store.insert(Tasks.work(BOARD, 2).dependsOn("W1").build());

        assertThrows(IllegalStateException.class, () -> stores.run(() -> {
            store.update(dependency.withStatus(Status.COMPLETED, NOW));
            assertEquals(List.of("W2"), candidateIdentifiers(Set.of()), "visible inside the transaction");
            throw new IllegalStateException("use case failed");
        }));

        assertEquals(List.of("W1"), candidateIdentifiers(Set.of()));
        assertEquals(List.of("W2"), store.dependents(BOARD, dev.tasklane.application.testing.Identifiers.tid("W1")).stream().map(t -> t.identifier().toString()).toList());
    }

    @Test
    void partitionsDisappearWhenEmptied() {
        Task task = store.insert(Tasks.work(BOARD, 1).requires(Capability.GIT).assignedTo(ME).build());
        assertEquals(1, memory.tasks().readyPartitions(BOARD));

        store.update(task.withStatus(Status.COMPLETED, NOW));

        assertEquals(0, memory.tasks().readyPartitions(BOARD));
    }

    private List<String> candidateIdentifiers(Set<Capability> capabilities) {
        return stores.tx(() -> {
            List<String> identifiers = new ArrayList<>();
            store.candidates(new CandidateQuery(BOARD, ME, capabilities, NOW))
                    .forEachRemaining(task -> identifiers.add(task.identifier().toString()));
            return identifiers;
        });
    }
}
