package dev.tasklane.application.port.out;

import static dev.tasklane.application.testing.Identifiers.tid;
import static dev.tasklane.application.testing.Identifiers.tids;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.testing.Tasks.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link TaskStore} (and of {@link Transactions} over it). Every store adapter extends this
 * class with only {@link #newStores()}.
 */
public abstract class TaskStoreContract extends StoreContractBase {
    protected static final BoardId OTHER_BOARD = BoardId.of(2);
    protected static final UserId SOMEONE_ELSE = UserId.of(11);
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final int THREADS = 8;
    private static final int INSERTS_PER_THREAD = 50;
    private static final long WAIT_SECONDS = 60;

    protected Task update(Task task) {
        return stores.tx(() -> store.update(task));
    }

    protected List<String> candidates(UserId userId, Set<Capability> capabilities) {
        return stores.tx(() -> {
            List<String> identifiers = new ArrayList<>();
            Iterator<Task> it = store.candidates(new CandidateQuery(BOARD, userId, capabilities, NOW));
            it.forEachRemaining(task -> identifiers.add(task.identifier().toString()));
            return identifiers;
        });
    }

    protected List<String> candidates() {
        return candidates(ME, Set.of());
    }

    protected static Task reprioritized(Task task, Priority priority) {
        return task.withSpec(task.spec().toBuilder().priority(priority).build(), NOW);
    }

    protected static List<String> identifiers(List<Task> tasks) {
        return tasks.stream().map(task -> task.identifier().toString()).toList();
    }

    // ---- insert, update, find ------------------------------------------------------------------------

    @Test
    void insertAssignsDistinctIdsAndKeepsTheTask() {
        Task first = insert(Tasks.work(BOARD, 1).title("First"));
        Task second = insert(Tasks.work(BOARD, 2));

        assertNotEquals(0, first.id());
        assertNotEquals(first.id(), second.id());
        Task found = stores.tx(() -> store.findById(BOARD, first.id())).orElseThrow();
        assertEquals(first, found);
        assertEquals("First", found.spec().title());
    }

    @Test
    void updateStoresTheNextVersion() {
        Task stored = insert(Tasks.work(BOARD, 1));

        Task changed = update(reprioritized(stored, Priority.CRITICAL));

        assertEquals(1, changed.version());
        assertEquals(Priority.CRITICAL, stores.tx(() -> store.findById(BOARD, stored.id())).orElseThrow().priority());
    }

    @Test
    void updateRefusesAStaleOrSkippedVersion() {
        Task stored = insert(Tasks.work(BOARD, 1));
        update(reprioritized(stored, Priority.HIGH));

        assertThrows(ConcurrentUpdateException.class, () -> update(reprioritized(stored, Priority.LOW)));
        Task current = stores.tx(() -> store.findById(BOARD, stored.id())).orElseThrow();
        assertThrows(ConcurrentUpdateException.class,
                () -> update(reprioritized(current, Priority.LOW).withVersion(current.version() + 1)));
        assertEquals(Priority.HIGH, stores.tx(() -> store.findById(BOARD, stored.id())).orElseThrow().priority());
        assertEquals(1, stores.tx(() -> store.findById(BOARD, stored.id())).orElseThrow().version());
    }

    @Test
    void anotherBoardsTaskIsNotFound() {
        Task mine = insert(Tasks.work(BOARD, 1));

        assertTrue(stores.tx(() -> store.findById(OTHER_BOARD, mine.id())).isEmpty());
        assertTrue(stores.tx(() -> store.lockById(OTHER_BOARD, mine.id())).isEmpty());
        assertTrue(stores.tx(() -> store.findByIdentifier(OTHER_BOARD, tid("W1"))).isEmpty());
        assertTrue(stores.tx(() -> store.lockByIdentifier(OTHER_BOARD, tid("W1"))).isEmpty());
        assertEquals(mine, stores.tx(() -> store.lockById(BOARD, mine.id())).orElseThrow());
        assertEquals(mine, stores.tx(() -> store.lockByIdentifier(BOARD, tid("W1"))).orElseThrow());
    }

    @Test
    void identifiersArePerBoardAndCaseSensitive() {
        Task mine = insert(Tasks.work(BOARD, 1));
        Task theirs = insert(Tasks.work(OTHER_BOARD, 1));

        assertEquals(mine.id(), stores.tx(() -> store.findByIdentifier(BOARD, tid("W1"))).orElseThrow().id());
        assertEquals(theirs.id(), stores.tx(() -> store.findByIdentifier(OTHER_BOARD, tid("W1"))).orElseThrow().id());
        assertTrue(stores.tx(() -> store.findByIdentifier(BOARD, tid("D1"))).isEmpty());
        assertEquals(theirs, stores.tx(() -> store.lockByIdentifier(OTHER_BOARD, tid("W1"))).orElseThrow());
    }

    @Test
    void identifierNumbersArePerBoardAndPrefixAndNeverReused() {
        assertEquals(1, stores.tx(() -> store.nextIdentifierNumber(BOARD, TaskType.WORK)));
        assertEquals(2, stores.tx(() -> store.nextIdentifierNumber(BOARD, TaskType.WORK)));
        assertEquals(1, stores.tx(() -> store.nextIdentifierNumber(BOARD, TaskType.DEFECT)));
        assertEquals(1, stores.tx(() -> store.nextIdentifierNumber(BOARD, TaskType.GOAL)));
        assertEquals(1, stores.tx(() -> store.nextIdentifierNumber(OTHER_BOARD, TaskType.WORK)));
        assertEquals(3, stores.tx(() -> store.nextIdentifierNumber(BOARD, TaskType.WORK)));
    }

    @Test
    void positionsIncreaseAndFollowEveryTask() {
        long first = stores.tx(() -> store.nextPosition(BOARD));
        long second = stores.tx(() -> store.nextPosition(BOARD));
        assertTrue(second > first);

        insert(Tasks.work(BOARD, 1).position(second + 1000));
        long afterInsert = stores.tx(() -> store.nextPosition(BOARD));
        assertTrue(afterInsert > second + 1000, "next position must follow every task on the board");
    }

    @Test
    void childrenAreReturnedByPosition() {
        Task goal = insert(Tasks.goal(BOARD, 1));
        insert(Tasks.work(BOARD, 1).parent(goal.id()).position(30));
        insert(Tasks.work(BOARD, 2).parent(goal.id()).position(10));
        insert(Tasks.defect(BOARD, 1).parent(goal.id()).position(20));
        insert(Tasks.work(BOARD, 3).position(5));

        assertEquals(List.of("W2", "D1", "W1"), identifiers(stores.tx(() -> store.children(BOARD, goal.id()))));
        assertEquals(List.of(), stores.tx(() -> store.children(OTHER_BOARD, goal.id())));
    }

    @Test
    void aLockedGoalComesWithTheStatusesItsChildrenAreIn() {
        Task goal = insert(Tasks.goal(BOARD, 1));
        Task empty = insert(Tasks.goal(BOARD, 2));
        insert(Tasks.work(BOARD, 1).parent(goal.id()).status(Status.COMPLETED));
        Task review = insert(Tasks.work(BOARD, 2).parent(goal.id()).status(Status.REVIEW));
        insert(Tasks.work(BOARD, 3).parent(goal.id()).status(Status.COMPLETED));
        insert(Tasks.work(BOARD, 4).status(Status.OPEN));

        TaskReads.LockedGoal locked = stores.tx(() -> store.lockGoal(BOARD, goal.id())).orElseThrow();
        assertEquals(goal.id(), locked.goal().id());
        assertEquals(Set.of(Status.COMPLETED, Status.REVIEW), locked.childStatuses());
        assertEquals(Set.of(), stores.tx(() -> store.lockGoal(BOARD, empty.id())).orElseThrow().childStatuses());
        assertEquals(Optional.empty(), stores.tx(() -> store.lockGoal(OTHER_BOARD, goal.id())));
        // a child's change made earlier in the same transaction counts with its new status
        assertEquals(Set.of(Status.COMPLETED), stores.tx(() -> {
            store.update(review.withStatus(Status.COMPLETED, NOW));
            return store.lockGoal(BOARD, goal.id()).orElseThrow().childStatuses();
        }));
    }

    @Test
    void dependentsNameTheIdentifier() {
        insert(Tasks.work(BOARD, 1));
        insert(Tasks.work(BOARD, 2).dependsOn("W1"));
        insert(Tasks.work(BOARD, 3).dependsOn("W1", "D4"));
        insert(Tasks.work(BOARD, 4).dependsOn("D4"));
        insert(Tasks.work(OTHER_BOARD, 9).dependsOn("W1"));

        assertEquals(Set.of("W2", "W3"), Set.copyOf(identifiers(stores.tx(() -> store.dependents(BOARD, tid("W1"))))));
        assertEquals(Set.of("W3", "W4"), Set.copyOf(identifiers(stores.tx(() -> store.dependents(BOARD, tid("D4"))))));
        assertEquals(List.of(), stores.tx(() -> store.dependents(BOARD, tid("W9"))));
    }

    @Test
    void dependentsFollowAnUpdateOfTheDependencies() {
        Task dependent = insert(Tasks.work(BOARD, 2).dependsOn("W1"));
        update(dependent.withSpec(dependent.spec().toBuilder().dependencies(tids("W3")).build(), NOW));

        assertEquals(List.of(), stores.tx(() -> store.dependents(BOARD, tid("W1"))));
        assertEquals(List.of("W2"), identifiers(stores.tx(() -> store.dependents(BOARD, tid("W3")))));
    }

    @Test
    void statusesOfExistingIdentifiersOnly() {
        insert(Tasks.work(BOARD, 1));
        insert(Tasks.work(BOARD, 2).status(Status.COMPLETED));
        insert(Tasks.work(OTHER_BOARD, 3));

        Map<TaskIdentifier, Status> statuses = stores.tx(() -> store.statuses(BOARD, tids("W1", "W2", "W3")));

        assertEquals(Map.of(tid("W1"), Status.OPEN, tid("W2"), Status.COMPLETED), statuses);
    }

    @Test
    void keyFileHolderOnlyForDoingOrReviewAndNotTheAskingTask() {
        insert(Tasks.work(BOARD, 1).keyFiles("a.txt"));
        insert(Tasks.work(BOARD, 2).keyFiles("c.txt").status(Status.COMPLETED));
        Task doing = insert(Tasks.work(BOARD, 3).keyFiles("b.txt").claimedUntil("agent-b", NOW.plus(MINUTE)));
        insert(Tasks.work(BOARD, 4).keyFiles("r.txt").status(Status.REVIEW));

        assertTrue(stores.tx(() -> store.keyFileHolder(BOARD, "a.txt", TaskId.UNASSIGNED)).isEmpty(), "open tasks hold nothing");
        assertTrue(stores.tx(() -> store.keyFileHolder(BOARD, "c.txt", TaskId.UNASSIGNED)).isEmpty(), "done tasks hold nothing");
        assertEquals(new KeyFileHolder("b.txt", new TaskIdentifier(TaskType.WORK, 3), "agent-b"),
                stores.tx(() -> store.keyFileHolder(BOARD, "b.txt", TaskId.UNASSIGNED)).orElseThrow());
        assertEquals("W4", stores.tx(() -> store.keyFileHolder(BOARD, "r.txt", TaskId.UNASSIGNED)).orElseThrow().holder().toString());
        assertTrue(stores.tx(() -> store.keyFileHolder(BOARD, "b.txt", doing.id())).isEmpty());
        assertTrue(stores.tx(() -> store.keyFileHolder(OTHER_BOARD, "b.txt", TaskId.UNASSIGNED)).isEmpty());
    }

    @Test
    void keyFileIsReleasedWhenTheHolderIsDone() {
        Task doing = insert(Tasks.work(BOARD, 1).keyFiles("b.txt").claimedUntil("agent", NOW.plus(MINUTE)));
        update(doing.withStatus(Status.COMPLETED, NOW));

        assertTrue(stores.tx(() -> store.keyFileHolder(BOARD, "b.txt", TaskId.UNASSIGNED)).isEmpty());
    }

    // ---- candidates --------------------------------------------------------------------------------

    @Test
    void candidatesFollowPriorityThenPosition() {
        insert(Tasks.work(BOARD, 1).priority(Priority.LOW).position(1));
        insert(Tasks.work(BOARD, 2).priority(Priority.MEDIUM).position(5));
        insert(Tasks.defect(BOARD, 3).priority(Priority.CRITICAL).position(9));
        insert(Tasks.work(BOARD, 4).priority(Priority.HIGH).position(2));
        insert(Tasks.work(BOARD, 5).priority(Priority.MEDIUM).position(3));
        insert(Tasks.work(BOARD, 6).priority(Priority.CRITICAL).position(4).assignedTo(ME));

        assertEquals(List.of("W6", "D3", "W4", "W5", "W2", "W1"), candidates());
    }

    @Test
    void candidatesIncludeExpiredClaimsInQueueOrder() {
        insert(Tasks.work(BOARD, 1).priority(Priority.LOW));
        insert(Tasks.work(BOARD, 2).priority(Priority.HIGH).claimedUntil("gone", NOW.minus(MINUTE)));
        insert(Tasks.work(BOARD, 3).priority(Priority.MEDIUM).claimedUntil("exactly-now", NOW));
        insert(Tasks.work(BOARD, 4).priority(Priority.CRITICAL).claimedUntil("busy", NOW.plus(MINUTE)));

        assertEquals(List.of("W2", "W3", "W1"), candidates());
    }

    @Test
    void candidatesExcludeCompletedReviewLiveClaimsGoalsAndOtherBoards() {
        insert(Tasks.work(BOARD, 1));
        insert(Tasks.work(BOARD, 2).status(Status.COMPLETED));
        insert(Tasks.work(BOARD, 3).status(Status.REVIEW));
        insert(Tasks.work(BOARD, 4).claimedUntil("busy", NOW.plus(MINUTE)));
        insert(Tasks.goal(BOARD, 5));
        insert(Tasks.work(OTHER_BOARD, 6));

        assertEquals(List.of("W1"), candidates());
    }

    @Test
    void candidatesNeverOmitAnEligibleTask() {
        insert(Tasks.work(BOARD, 1));
        insert(Tasks.work(BOARD, 2).assignedTo(ME));
        insert(Tasks.work(BOARD, 3).requires(Capability.TESTING));
        insert(Tasks.work(BOARD, 4).requires(Capability.TESTING, Capability.GIT).assignedTo(ME));
        insert(Tasks.work(BOARD, 5).requires(Capability.DEVOPS));
        insert(Tasks.work(BOARD, 6).assignedTo(SOMEONE_ELSE));
        insert(Tasks.defect(BOARD, 7).requires(Capability.GIT));
        insert(Tasks.work(BOARD, 8).assignedTo(SOMEONE_ELSE).claimedUntil("gone", NOW.minus(MINUTE)));

        List<String> unlimited = candidates(ME, Set.of());
        assertTrue(unlimited.containsAll(List.of("W1", "W2", "W3", "W4", "W5", "D7")), unlimited.toString());

        List<String> limited = candidates(ME, Set.of(Capability.TESTING, Capability.GIT));
        assertTrue(limited.containsAll(List.of("W1", "W2", "W3", "W4", "D7")), limited.toString());
        assertEquals(List.of("W1", "W2", "W3", "W4", "D7"),
                limited.stream().filter(List.of("W1", "W2", "W3", "W4", "D7")::contains).toList(),
                "eligible tasks in queue order");
    }

    /**
     * Stores may read the candidates in pages (the JDBI store reads a short first page, then longer ones): a
     * walk over a queue longer than several pages, Ready tasks and expired claims mixed at random, answers
     * every candidate exactly once and in queue order ({@link dev.tasklane.domain.selection.TaskOrder#NEXT}).
     */
    @Test
    void candidatesAcrossManyPagesAreWholeAndInQueueOrder() {
        long seed = System.nanoTime();
        System.out.println("candidatesAcrossManyPagesAreWholeAndInQueueOrder seed=" + seed);
        java.util.Random random = new java.util.Random(seed);
        Set<String> expected = new HashSet<>();
        Priority[] priorities = Priority.values();
        for (int number = 1; number <= 150; number++) {
            Tasks.Builder task = Tasks.work(BOARD, number)
                    .priority(priorities[random.nextInt(priorities.length)])
                    .position(1 + random.nextInt(60));
            int kind = random.nextInt(10);
            if (kind < 6) {
                expected.add("W" + number);
            } else if (kind < 8) {
                task.claimedUntil("gone", NOW.minus(MINUTE));
                expected.add("W" + number);
            } else if (kind < 9) {
                task.claimedUntil("busy", NOW.plus(MINUTE));
            } else {
                task.status(Status.COMPLETED);
            }
            insert(task);
        }
        List<Task> walked = stores.tx(() -> {
            List<Task> tasks = new ArrayList<>();
            store.candidates(new CandidateQuery(BOARD, ME, Set.of(), NOW)).forEachRemaining(tasks::add);
            return tasks;
        });
        List<String> answered = identifiers(walked);
        assertEquals(expected.size(), answered.size(), "seed " + seed + ": each candidate once, none missing: " + answered);
        assertEquals(expected, new HashSet<>(answered), "seed " + seed);
        for (int i = 1; i < walked.size(); i++) {
            assertTrue(dev.tasklane.domain.selection.TaskOrder.NEXT.compare(walked.get(i - 1), walked.get(i)) < 0,
                    "seed " + seed + ": queue order at " + i + ": " + answered);
        }
    }

    @Test
    void candidatesAfterExpiryOfAnotherUsersClaimOnAnUnassignedTask() {
        insert(Tasks.work(BOARD, 1).claimedUntil("gone", NOW.minus(MINUTE)));

        assertEquals(List.of("W1"), candidates(SOMEONE_ELSE, Set.of()));
    }

    @Test
    void blockedTasksAppearOnceTheirDependencyCompletes() {
        Task dependency = insert(Tasks.work(BOARD, 1).priority(Priority.LOW));
        insert(Tasks.work(BOARD, 2).priority(Priority.CRITICAL).dependsOn("W1"));
        insert(Tasks.work(BOARD, 3).priority(Priority.HIGH).dependsOn("W1", "W9"));

        update(dependency.withStatus(Status.COMPLETED, NOW));

        List<String> after = candidates();
        assertEquals("W2", after.get(0), after.toString());
        assertFalse(after.contains("W1"));
    }

    @Test
    void aTaskWhoseDependenciesAreRemovedByUpdateAppears() {
        insert(Tasks.work(BOARD, 1));
        Task dependent = insert(Tasks.work(BOARD, 2).priority(Priority.HIGH).dependsOn("W1"));

        update(dependent.withSpec(dependent.spec().toBuilder().dependencies(List.of()).build(), NOW));

        assertEquals(List.of("W2", "W1"), candidates());
    }

    @Test
    void aDependencyCreatedLaterIsTracked() {
        insert(Tasks.work(BOARD, 2).dependsOn("W1"));
        insert(Tasks.work(BOARD, 1).status(Status.COMPLETED));

        assertEquals(List.of("W2"), candidates());
    }

    @Test
    void candidatesFollowChangesOfPriorityAndAssignment() {
        Task low = insert(Tasks.work(BOARD, 1).priority(Priority.LOW));
        insert(Tasks.work(BOARD, 2).priority(Priority.MEDIUM));
        Task raised = update(low.withSpec(low.spec().toBuilder().priority(Priority.CRITICAL).build(), NOW));
        assertEquals(List.of("W1", "W2"), candidates());

        update(raised.withAssignee(ME, NOW));
        assertEquals(List.of("W1", "W2"), candidates(ME, Set.of()));
    }

    @Test
    void tasksWithoutClaimOrAfterGoalChangeWhileOthersHaveThem() {
        insert(Tasks.work(BOARD, 1).claimedUntil("busy", NOW.plus(MINUTE)));
        insert(Tasks.goal(BOARD, 1).afterGoal(AfterGoal.armed(NOW)));
        Task open = insert(Tasks.work(BOARD, 2).priority(Priority.LOW));
        Task goal = insert(Tasks.goal(BOARD, 2));

        update(reprioritized(open, Priority.HIGH));
        update(reprioritized(goal, Priority.HIGH));

        assertEquals(List.of("W2"), candidates());
        assertEquals(List.of("G1"), identifiers(stores.tx(() -> store.pendingAfterGoals(NOW, 10))));
    }

    // ---- expiry, after_goal ------------------------------------------------------------------------

    @Test
    void expiredClaimsAcrossBoardsOldestFirstAndLimited() {
        insert(Tasks.work(BOARD, 1).claimedUntil("a", NOW.minus(MINUTE)));
        insert(Tasks.work(OTHER_BOARD, 2).claimedUntil("b", NOW.minus(MINUTE.multipliedBy(2))));
        insert(Tasks.work(BOARD, 3).claimedUntil("c", NOW));
        insert(Tasks.work(BOARD, 4).claimedUntil("d", NOW.plus(MINUTE)));
        insert(Tasks.work(BOARD, 5));

        assertEquals(List.of("W2", "W1", "W3"), identifiers(stores.tx(() -> store.expiredClaims(NOW, 10))));
        assertEquals(List.of("W2"), identifiers(stores.tx(() -> store.expiredClaims(NOW, 1))));
    }

    @Test
    void aReleasedClaimIsNoLongerExpired() {
        Task claimed = insert(Tasks.work(BOARD, 1).claimedUntil("a", NOW.minus(MINUTE)));
        update(claimed.withClaim(Status.OPEN, null, null, NOW));

        assertEquals(List.of(), stores.tx(() -> store.expiredClaims(NOW, 10)));
        assertEquals(List.of("W1"), candidates());
    }

    @Test
    void pendingAfterGoalsArmedAtOrBefore() {
        insert(Tasks.goal(BOARD, 1).afterGoal(AfterGoal.armed(NOW.minus(MINUTE))));
        insert(Tasks.goal(BOARD, 2).afterGoal(AfterGoal.armed(NOW)));
        insert(Tasks.goal(OTHER_BOARD, 3).afterGoal(AfterGoal.armed(NOW.minus(MINUTE.multipliedBy(2)))));
        insert(Tasks.goal(BOARD, 4).afterGoal(AfterGoal.armed(NOW.plus(MINUTE))));
        Task done = insert(Tasks.goal(BOARD, 5).afterGoal(AfterGoal.armed(NOW.minus(MINUTE))));
        update(done.withAfterGoal(done.afterGoal().withAttempt(new dev.tasklane.domain.task.AfterGoalAttempt(0, "ok", 1, dev.tasklane.domain.task.AfterGoalAttempt.Source.AGENT, NOW)), NOW));
        insert(Tasks.goal(BOARD, 6));

        assertEquals(List.of("G3", "G1", "G2"), identifiers(stores.tx(() -> store.pendingAfterGoals(NOW, 10))));
        assertEquals(List.of("G3"), identifiers(stores.tx(() -> store.pendingAfterGoals(NOW, 1))));
    }

    @Test
    void readyCountsAreTheTasksInReadyOfTheBoardsAskedFor() {
        List<BoardId> both = List.of(BOARD, OTHER_BOARD);
        assertEquals(Map.of(), stores.tx(() -> store.readyCounts(both)));
        insert(Tasks.work(BOARD, 1));
        insert(Tasks.defect(BOARD, 2).dependsOn("W1"));
        insert(Tasks.work(BOARD, 3).assignedTo(SOMEONE_ELSE));
        insert(Tasks.goal(BOARD, 4));
        insert(Tasks.work(BOARD, 5).claimedUntil("a", NOW.plus(MINUTE)));
        insert(Tasks.work(BOARD, 6).status(Status.REVIEW));
        insert(Tasks.work(BOARD, 7).status(Status.COMPLETED));
        Task theirs = insert(Tasks.work(OTHER_BOARD, 1));
        insert(Tasks.work(BoardId.of(3), 1));

        assertEquals(Map.of(BOARD, 4, OTHER_BOARD, 1), stores.tx(() -> store.readyCounts(both)),
                "blocked, assigned and goal tasks count; other columns and boards not asked for do not");
        assertEquals(Map.of(OTHER_BOARD, 1), stores.tx(() -> store.readyCounts(List.of(OTHER_BOARD))));
        assertEquals(Map.of(), stores.tx(() -> store.readyCounts(List.of())));

        update(theirs.withStatus(Status.COMPLETED, NOW));
        assertEquals(Map.of(BOARD, 4), stores.tx(() -> store.readyCounts(both)), "a board with none left is left out");
        assertThrows(RollbackProbe.class, () -> stores.run(() -> {
            store.insert(Tasks.work(OTHER_BOARD, 2).build());
            throw new RollbackProbe();
        }));
        assertEquals(Map.of(BOARD, 4), stores.tx(() -> store.readyCounts(both)), "a rolled back insert is not counted");
    }

    // ---- list --------------------------------------------------------------------------------------

    @Test
    void listFilters() {
        Task goal = insert(Tasks.goal(BOARD, 1).title("Release"));
        insert(Tasks.work(BOARD, 1).title("Write the parser").parent(goal.id()).assignedTo(ME));
        insert(Tasks.defect(BOARD, 2).title("Parser crash").priority(Priority.HIGH));
        insert(Tasks.work(BOARD, 3).title("Docs").status(Status.COMPLETED).updatedAt(NOW.plus(MINUTE)));
        insert(Tasks.work(OTHER_BOARD, 4).title("parser elsewhere"));

        assertEquals(List.of("W3"), list(query(Status.COMPLETED, null, null, null, false, null, null, null)));
        assertEquals(List.of("D2"), list(query(null, TaskType.DEFECT, null, null, false, null, null, null)));
        assertEquals(List.of("D2"), list(query(null, null, Priority.HIGH, null, false, null, null, null)));
        assertEquals(List.of("W1"), list(query(null, null, null, ME, false, null, null, null)));
        assertEquals(List.of("G1", "D2", "W3"), list(query(null, null, null, null, true, null, null, null)));
        assertEquals(List.of("W1"), list(query(null, null, null, null, false, goal.id(), null, null)));
        assertEquals(List.of("W1", "D2"), list(query(null, null, null, null, false, null, "PARSER", null)));
        assertEquals(List.of("W3"), list(query(null, null, null, null, false, null, null, NOW.plus(MINUTE))));
    }

    @Test
    void listSortsByEachKeyAndDescending() {
        insert(Tasks.work(BOARD, 2).position(1).priority(Priority.LOW).updatedAt(NOW.plus(MINUTE)));
        insert(Tasks.defect(BOARD, 1).position(2).priority(Priority.CRITICAL).updatedAt(NOW));
        insert(Tasks.work(BOARD, 1).position(3).priority(Priority.HIGH).updatedAt(NOW.minus(MINUTE)));

        assertEquals(List.of("W2", "D1", "W1"), list(sorted(TaskQuery.Sort.POSITION, false)));
        assertEquals(List.of("W1", "D1", "W2"), list(sorted(TaskQuery.Sort.POSITION, true)));
        assertEquals(List.of("D1", "W1", "W2"), list(sorted(TaskQuery.Sort.PRIORITY, false)));
        assertEquals(List.of("W1", "D1", "W2"), list(sorted(TaskQuery.Sort.UPDATED_AT, false)));
        assertEquals(List.of("W2", "D1", "W1"), list(sorted(TaskQuery.Sort.UPDATED_AT, true)));
        assertEquals(List.of("W1", "W2", "D1"), list(sorted(TaskQuery.Sort.IDENTIFIER, false)));
        assertEquals(List.of("D1", "W2", "W1"), list(sorted(TaskQuery.Sort.IDENTIFIER, true)));
    }

    @Test
    void listPagesWithACursorInEveryOrder() {
        int total = 7;
        for (int i = 1; i <= total; i++) {
            insert(Tasks.work(BOARD, i).position(total - i).priority(Priority.values()[i % Priority.values().length])
                    .updatedAt(NOW.plusSeconds(i % 3)));
        }
        for (TaskQuery.Sort sort : TaskQuery.Sort.values()) {
            for (boolean descending : List.of(false, true)) {
                List<String> whole = list(sorted(sort, descending));
                List<String> paged = new ArrayList<>();
                TaskQuery page = new TaskQuery(BOARD, null, null, null, null, false, null, null, null, sort,
                        descending, 3, null);
                int pages = 0;
                while (page != null) {
                    TaskQuery current = page;
                    TaskPage result = stores.tx(() -> store.list(current));
                    paged.addAll(identifiers(result.tasks()));
                    pages++;
                    page = result.nextCursor() == null ? null : page.after(result.nextCursor());
                }
                assertEquals(whole, paged, sort + (descending ? " desc" : ""));
                assertEquals(total, paged.size());
                assertEquals(3, pages, "7 rows in pages of 3");
            }
        }
    }

    private List<String> list(TaskQuery query) {
        return identifiers(stores.tx(() -> store.list(query)).tasks());
    }

    private static TaskQuery sorted(TaskQuery.Sort sort, boolean descending) {
        return new TaskQuery(BOARD, null, null, null, null, false, null, null, null, sort, descending,
                TaskQuery.MAX_LIMIT, null);
    }

    private static TaskQuery query(Status status, TaskType type, Priority priority, UserId assignee,
                                   boolean unassigned, TaskId parent, String title, Instant since) {
        return new TaskQuery(BOARD, status, type, priority, assignee, unassigned, parent, title, since,
                TaskQuery.Sort.POSITION, false, TaskQuery.MAX_LIMIT, null);
    }

    // ---- history -----------------------------------------------------------------------------------

    @Test
    void historyOldestFirstPerTask() {
        Task task = insert(Tasks.work(BOARD, 1));
        Task other = insert(Tasks.work(BOARD, 2));
        stores.run(() -> {
            store.appendHistory(entry(task.id(), HistoryKind.CREATED, NOW));
            store.appendHistory(entry(other.id(), HistoryKind.CREATED, NOW));
        });
        stores.run(() -> store.appendHistory(entry(task.id(), HistoryKind.CLAIMED, NOW.plus(MINUTE))));
        stores.run(() -> store.appendHistory(HistoryEntry.assignment(task.id(), null, ME, ME, NOW.plus(MINUTE))));

        List<HistoryEntry> history = stores.tx(() -> store.history(task.id()));
        assertEquals(List.of(HistoryKind.CREATED, HistoryKind.CLAIMED, HistoryKind.ASSIGNED),
                history.stream().map(HistoryEntry::kind).toList());
        assertEquals(new HistoryFacts.Assignment(null, ME), history.get(2).facts());
        assertEquals(1, stores.tx(() -> store.history(other.id())).size());
        assertEquals(List.of(), stores.tx(() -> store.history(TaskId.of(task.id().value() + other.id().value() + 1))));
    }

    private static HistoryEntry entry(TaskId taskId, HistoryKind kind, Instant at) {
        return new HistoryEntry(taskId, kind, at, ME, "agent", HistoryFacts.NONE);
    }

    // ---- transactions ------------------------------------------------------------------------------

    @Test
    void aFailedTransactionLeavesNothingBehind() {
        Task dependency = insert(Tasks.work(BOARD, 1).priority(Priority.LOW));
        insert(Tasks.work(BOARD, 2).dependsOn("W1"));
        stores.tx(() -> store.nextIdentifierNumber(BOARD, TaskType.WORK));

        assertThrows(RollbackProbe.class, () -> stores.run(() -> {
            Task inserted = store.insert(Tasks.work(BOARD, 7).priority(Priority.CRITICAL).build());
            store.appendHistory(entry(inserted.id(), HistoryKind.CREATED, NOW));
            store.update(dependency.withStatus(Status.COMPLETED, NOW));
            store.appendHistory(entry(dependency.id(), HistoryKind.DONE, NOW));
            store.nextIdentifierNumber(BOARD, TaskType.WORK);
            stores.directory().insertToken(token("rolled-back"));
            throw new RollbackProbe();
        }));

        assertTrue(stores.tx(() -> store.findByIdentifier(BOARD, tid("W7"))).isEmpty());
        assertEquals(Status.OPEN, stores.tx(() -> store.findById(BOARD, dependency.id())).orElseThrow().status());
        assertEquals(0, stores.tx(() -> store.findById(BOARD, dependency.id())).orElseThrow().version());
        assertEquals(List.of(), stores.tx(() -> store.history(dependency.id())));
        assertTrue(stores.directory().tokenByHash("rolled-back").isEmpty());
        List<String> after = candidates();
        assertFalse(after.contains("W7"), "indexes must be rolled back too: " + after);
        assertEquals("W1", after.get(0));
        assertEquals(List.of("W1", "W2"), list(sorted(TaskQuery.Sort.POSITION, false)));
        update(dependency.withStatus(Status.COMPLETED, NOW));
        assertEquals(List.of("W2"), candidates().subList(0, 1), "the dependent still unblocks after the rollback");
        assertFalse(candidates().contains("W1"));
    }

    @Test
    void aFailedUpdateRestoresTheIndexesOfTheTask() {
        Task claimed = insert(Tasks.work(BOARD, 1).keyFiles("k.txt").claimedUntil("a", NOW.minus(MINUTE)));

        assertThrows(RollbackProbe.class, () -> stores.run(() -> {
            store.update(claimed.withStatus(Status.COMPLETED, NOW));
            throw new RollbackProbe();
        }));

        assertEquals(List.of("W1"), candidates());
        assertEquals(List.of("W1"), identifiers(stores.tx(() -> store.expiredClaims(NOW, 10))));
        assertEquals("W1", stores.tx(() -> store.keyFileHolder(BOARD, "k.txt", TaskId.UNASSIGNED)).orElseThrow().holder().toString());
    }

    @Test
    void nestedTransactionsJoinTheOuterOne() {
        assertThrows(RollbackProbe.class, () -> stores.run(() -> {
            Task inner = stores.tx(() -> store.insert(Tasks.work(BOARD, 1).build()));
            assertEquals(inner, store.findById(BOARD, inner.id()).orElseThrow(), "the outer work sees it");
            throw new RollbackProbe();
        }));

        assertTrue(stores.tx(() -> store.findByIdentifier(BOARD, tid("W1"))).isEmpty(),
                "the joined work rolls back with the outer one");
    }

    @Test
    void writesOutsideATransactionAreCommitted() {
        Task task = store.insert(Tasks.work(BOARD, 1).build());
        store.appendHistory(entry(task.id(), HistoryKind.CREATED, NOW));

        assertEquals(task, store.findById(BOARD, task.id()).orElseThrow());
        assertEquals(1, store.history(task.id()).size());
    }

    @Test
    void concurrentInsertsGetDistinctIdsAndIdentifiers() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<List<Task>>> jobs = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                jobs.add(() -> {
                    List<Task> inserted = new ArrayList<>();
                    for (int i = 0; i < INSERTS_PER_THREAD; i++) {
                        inserted.add(stores.tx(() -> store.insert(Tasks.work(BOARD,
                                store.nextIdentifierNumber(BOARD, TaskType.WORK))
                                .position(store.nextPosition(BOARD)).build())));
                    }
                    return inserted;
                });
            }
            Set<TaskId> ids = new HashSet<>();
            Set<String> identifiers = new HashSet<>();
            Set<Long> positions = new HashSet<>();
            for (Future<List<Task>> result : pool.invokeAll(jobs)) {
                for (Task task : result.get()) {
                    ids.add(task.id());
                    identifiers.add(task.identifier().toString());
                    positions.add(task.position());
                }
            }
            int expected = THREADS * INSERTS_PER_THREAD;
            assertEquals(expected, ids.size());
            assertEquals(expected, identifiers.size());
            assertEquals(expected, positions.size());
            assertEquals(expected, stores.tx(() -> store.list(TaskQuery.all(BOARD))).tasks().size());
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS));
        }
    }

    // ---- length limits and cursors -------------------------------------------------

    /** A string of {@code limit}'s maximum length made of characters outside the BMP (two UTF-16 units each). */
    protected static String longest(Limit limit) {
        return "\uD83D\uDE42".repeat(limit.max());
    }

    @Test
    void valuesAtEveryLengthLimitAreStoredAndReadBackUnchanged() {
        String agent = longest(Limit.AGENT_NAME);
        String path = "\uD83D\uDE42".repeat(Limit.FILE_PATH.max() - 2) + "/a";
        Task stored = insert(Tasks.work(BOARD, 1).title(longest(Limit.TITLE)).createdByAgent(agent).keyFiles(path));
        stores.run(() -> store.appendHistory(new HistoryEntry(stored.id(), HistoryKind.CREATED, NOW, ME, agent, HistoryFacts.NONE)));

        Task read = stores.tx(() -> store.findById(BOARD, stored.id())).orElseThrow();
        assertEquals(longest(Limit.TITLE), read.spec().title());
        assertEquals(agent, read.createdByAgent());
        assertEquals(path, read.spec().keyFiles().get(0).filePath());
        assertEquals(agent, stores.tx(() -> store.history(stored.id())).get(0).agentName());
    }

    @Test
    void aCursorWhoseTimestampNoStoreCanHoldIsRefusedAsInput() {
        insert(Tasks.work(BOARD, 1));
        for (long[] key : List.of(new long[] {Long.MAX_VALUE, 0, 1}, new long[] {Long.MIN_VALUE, 0, 1},
                new long[] {0, -1, 1}, new long[] {0, 1_000_000_000L, 1})) {
            String cursor = new ListCursor(TaskQuery.Sort.UPDATED_AT, key).encode();
            TaskQuery query = new TaskQuery(BOARD, null, null, null, null, false, null, null, null,
                    TaskQuery.Sort.UPDATED_AT, false, 10, cursor);
            assertThrows(InvalidInputException.class, () -> stores.tx(() -> store.list(query)), cursor);
        }
    }

    private static ApiToken token(String hash) {
        return new ApiToken(0, "token", hash, ME, BOARD, Set.of(), null, ApiToken.scopesOf(false), NOW, null, null, null, null);
    }

    /** Thrown by tests to make a unit of work fail. */
    protected static final class RollbackProbe extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
