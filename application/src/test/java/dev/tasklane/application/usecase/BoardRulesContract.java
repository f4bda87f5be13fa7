package dev.tasklane.application.usecase;

import static dev.tasklane.application.testing.Identifiers.tids;

import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskTree;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Next-task selection order, creation (identifiers, dependencies, batch atomicity), goals, after_goal and
 * the assignment rules, through the use cases against a store adapter.
 */
public abstract class BoardRulesContract {
    protected abstract StoreSet newStores();

    protected BoardFixture board;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
    }

    private String next() {
        return board.app.next().next(board.alice).map(BoardFixture::id).orElse(null);
    }

    @Test
    void nextOrdersByPriorityThenPositionAndIsReadOnly() {
        String low = id(board.create(board.admin, task("low", "priority", "low")));
        String medium1 = id(board.create(board.admin, task("medium 1")));
        String critical = id(board.create(board.admin, task("critical", "priority", "critical")));
        String high = id(board.create(board.admin, task("high", "priority", "high")));
        String medium2 = id(board.create(board.admin, task("medium 2")));
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String next = next();
            assertEquals(next, next(), "next does not claim");
            order.add(next);
            board.claim(board.alice, next);
        }
        assertEquals(List.of(critical, high, medium1, medium2, low), order);
        assertNull(next());
    }

    @Test
    void nextSkipsGoalsBlockedTasksAndOtherUsersTasks() {
        String blocker = id(board.create(board.admin, task("blocker", "priority", "low")));
        board.create(board.admin, task("blocked", "priority", "critical", "dependencies", List.of(blocker)));
        board.create(board.admin, task("bob's", "priority", "critical", "assigned_to_id", board.bob.userId().value()));
        board.createGoal(board.admin, goal("A goal", List.of(task("child", "priority", "low")), "priority", "critical"));
        String mine = id(board.create(board.admin, task("alice's", "priority", "high", "assigned_to_id", board.alice.userId().value())));
        assertEquals(mine, next());
        board.claim(board.alice, mine);
        assertEquals(blocker, next());
    }

    @Test
    void identifiersArePerPrefixAndSequential() {
        assertEquals("W1", id(board.create(board.admin, task("a"))));
        assertEquals("D1", id(board.create(board.admin, task("b", "type", "defect"))));
        assertEquals("W2", id(board.create(board.admin, task("c"))));
        Created goal = board.createGoal(board.admin, goal("g", List.of(task("x"), task("y", "type", "defect"))));
        assertEquals("G1", id(goal.root()));
        assertEquals(List.of("W3", "D2"), goal.children().stream().map(BoardFixture::id).toList());
    }

    @Test
    void aDependencyThatIsNoIdentifierIsRefusedWithTheUnknownOnesInTheOrderGiven() {
        String w1 = id(board.create(board.admin, task("first")));
        String expected = "unknown task identifier(s): W99, w1, nope. Dependencies must name existing tasks on this "
                + "board (or, inside a goal, 0-based indices of its tasks)";
        TaskFieldsRejectedException created = assertThrows(TaskFieldsRejectedException.class, () -> board.create(
                board.admin, task("second", "dependencies", List.of("W99", w1, "w1", "nope"))));
        assertEquals(List.of(expected), created.errors().messages("dependencies"));
        TaskFieldsRejectedException edited = assertThrows(TaskFieldsRejectedException.class, () -> board.app.update()
                .update(board.admin, ref(w1), dev.tasklane.application.testing.TaskCommands.edit(
                        Map.of("dependencies", List.of("W99", "w1", "nope")))));
        assertEquals(List.of(expected), edited.errors().messages("dependencies"));
        TaskFieldsRejectedException malformedOnly = assertThrows(TaskFieldsRejectedException.class, () -> board.app
                .update().update(board.admin, ref(w1), dev.tasklane.application.testing.TaskCommands.edit(
                        Map.of("dependencies", List.of("w1")))));
        assertTrue(malformedOnly.errors().messages("dependencies").get(0).startsWith("unknown task identifier(s): w1."));
    }

    @Test
    void unknownDependenciesAreRefusedNamingTheIdentifierAndNothingIsCreated() {
        TaskFieldsRejectedException refused = assertThrows(TaskFieldsRejectedException.class,
                () -> board.create(board.admin, task("a", "dependencies", List.of("W42"))));
        assertTrue(refused.errors().messages("dependencies").get(0).contains("W42"));
        assertTrue(board.app.reads().list(board.admin, dev.tasklane.application.port.in.TaskQuery.all(board.boardId)).tasks().isEmpty());
        assertEquals("W1", id(board.create(board.admin, task("b"))), "a refused create does not burn an identifier");
    }

    @Test
    void indexDependenciesInsideAGoalBecomeIdentifiersAndOutOfRangeIsRefused() {
        Created goal = board.createGoal(board.admin, goal("g", List.of(task("first"), task("second", "dependencies", List.of(0)))));
        assertEquals(tids(id(goal.children().get(0))), goal.children().get(1).task().spec().dependencies());
        assertThrows(TaskFieldsRejectedException.class, () -> board.createGoal(board.admin,
                goal("g2", List.of(task("first", "dependencies", List.of(5))))));
    }

    @Test
    void anEditReadAtAnOlderVersionIsRefusedAndOfTwoRacingEditsOneWins() throws Exception {
        String w1 = id(board.create(board.admin, task("a")));
        long read = board.get(w1).task().version();
        board.app.update().update(board.admin, ref(w1), TaskCommands.edit(Map.of("title", "first save")), read);
        dev.tasklane.domain.error.ConflictException stale = assertThrows(dev.tasklane.domain.error.ConflictException.class,
                () -> board.app.update().update(board.admin, ref(w1), TaskCommands.edit(Map.of("title", "second save")), read));
        assertEquals(dev.tasklane.application.port.in.UpdateTaskUseCase.EDIT_CONFLICT, stale.code());
        assertEquals("first save", board.get(w1).task().spec().title());

        long now = board.get(w1).task().version();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<String>> racers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String title = "racer " + i;
                racers.add(pool.submit(() -> {
                    start.await();
                    try {
                        board.app.update().update(board.admin, ref(w1), TaskCommands.edit(Map.of("title", title)), now);
                        return title;
                    } catch (dev.tasklane.domain.error.ConflictException lost) {
                        return null;
                    }
                }));
            }
            start.countDown();
            List<String> won = new ArrayList<>();
            for (var racer : racers) {
                String title = racer.get(30, java.util.concurrent.TimeUnit.SECONDS);
                if (title != null) {
                    won.add(title);
                }
            }
            assertEquals(1, won.size(), "exactly one of the edits read at one version is applied: " + won);
            assertEquals(won.get(0), board.get(w1).task().spec().title());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void cyclesAreRefusedOnCreateAndUpdate() {
        assertThrows(TaskFieldsRejectedException.class, () -> board.createGoal(board.admin, goal("g",
                List.of(task("a", "dependencies", List.of(1)), task("b", "dependencies", List.of(0))))));
        String w1 = id(board.create(board.admin, task("a")));
        String w2 = id(board.create(board.admin, task("b", "dependencies", List.of(w1))));
        TaskFieldsRejectedException cycle = assertThrows(TaskFieldsRejectedException.class,
                () -> board.app.update().update(board.admin, ref(w1), TaskCommands.edit(Map.of("dependencies", List.of(w2)))));
        assertTrue(cycle.errors().messages("dependencies").get(0).contains(w1 + " → " + w2 + " → " + w1));
        assertThrows(TaskFieldsRejectedException.class,
                () -> board.app.update().update(board.admin, ref(w1), TaskCommands.edit(Map.of("dependencies", List.of(w1)))));
        assertTrue(board.get(w1).task().spec().dependencies().isEmpty());
    }

    @Test
    void aBatchIsAtomic() {
        // the second goal fails inside the use case (an unknown dependency), after the first was written
        List<Map<String, Object>> goals = List.of(goal("ok", List.of(task("a"))),
                goal("bad", List.of(task("b", "dependencies", List.of("W999")))));
        BatchRejectedException refused = assertThrows(BatchRejectedException.class,
                () -> board.app.batch().createBatch(board.admin, TaskCommands.batch(goals, "agent")));
        assertEquals(1, refused.index());
        assertTrue(board.app.reads().list(board.admin, dev.tasklane.application.port.in.TaskQuery.all(board.boardId)).tasks().isEmpty());
        assertEquals(2, board.app.batch().createBatch(board.admin,
                TaskCommands.batch(List.of(goals.get(0), goal("ok too", List.of())), "agent")).size());
    }

    @Test
    void aGoalIsNeverClaimable() {
        String g1 = id(board.createGoal(board.admin, goal("g", List.of(task("a")))).root());
        assertThrows(dev.tasklane.domain.error.ConflictException.class, () -> board.claim(board.alice, g1));
    }

    @Test
    void aGoalFollowsItsChildrenAndFinishesThroughAfterGoal() {
        Created created = board.createGoal(board.admin, goal("Ship login", List.of(task("a"), task("b", "dependencies", List.of(0)))));
        String g1 = id(created.root());
        String a = id(created.children().get(0));
        String b = id(created.children().get(1));
        board.claim(board.alice, a);
        assertEquals(Status.OPEN, board.get(g1).task().status(), "a goal sits in its leftmost child's column");
        Completed first = board.complete(board.alice, a);
        assertTrue(first.hooks().stream().noneMatch(h -> h.name() == HookName.AFTER_GOAL));
        board.claim(board.alice, b);
        assertEquals(Status.IN_PROGRESS, board.get(g1).task().status());
        Completed last = board.complete(board.alice, b);
        assertEquals(HookName.AFTER_GOAL, last.hooks().get(3).name());
        assertEquals(b, last.hooks().get(3).env().get("TASK_IDENTIFIER"), "after_goal carries the completed child's env");
        assertTrue(board.app.afterGoal().status(board.alice, ref(b)).armed());
        assertTrue(board.get(g1).task().status() != Status.COMPLETED, "held until after_goal is reported");
        board.app.afterGoal().report(board.alice, ref(g1), new AfterGoalReport(1L, "rollup failed", 3L));
        assertTrue(board.get(g1).task().status() != Status.COMPLETED);
        board.app.afterGoal().report(board.alice, ref(g1), new AfterGoalReport(0L, "ok", 3L));
        assertEquals(Status.COMPLETED, board.get(g1).task().status());
        assertTrue(!board.app.afterGoal().status(board.alice, ref(b)).armed());
    }

    @Test
    void anUnreportedAfterGoalFinishesWhenTheGraceWindowPasses() {
        Created created = board.createGoal(board.admin, goal("g", List.of(task("only"))));
        String only = id(created.children().get(0));
        board.claim(board.alice, only);
        board.complete(board.alice, only);
        assertEquals(0, board.app.maintenance().sweep().goalsFinished());
        board.clock.advance(Duration.ofSeconds(6));
        assertEquals(1, board.app.maintenance().sweep().goalsFinished());
        assertEquals(Status.COMPLETED, board.get(id(created.root())).task().status());
    }

    /**
     * Goals past their grace window are all finished by one sweep, however many more than one of its batches are
     * due: a board finishing goals faster than one batch per sweep must not keep them in Doing for longer and longer.
     */
    @Test
    void oneSweepFinishesEveryGoalPastItsGraceWindowBatchAfterBatch() {
        int goals = MaintenanceUseCase.SWEEP_BATCH + 1;
        List<String> roots = new ArrayList<>();
        for (int g = 0; g < goals; g++) {
            Created created = board.createGoal(board.admin, goal("g" + g, List.of(task("only " + g))));
            String only = id(created.children().get(0));
            board.claim(board.alice, only);
            board.complete(board.alice, only);
            roots.add(id(created.root()));
        }
        board.clock.advance(Duration.ofSeconds(6));
        assertEquals(goals, board.app.maintenance().sweep().goalsFinished());
        for (String root : roots) {
            assertEquals(Status.COMPLETED, board.get(root).task().status(), root);
        }
        assertEquals(0, board.app.maintenance().sweep().goalsFinished(), "nothing left for the next sweep");
    }

    @Test
    void tree_countsIncludeTheRoot() {
        Created created = board.createGoal(board.admin, goal("g", List.of(task("a"), task("b", "dependencies", List.of(0)))));
        TaskTree tree = board.app.reads().tree(board.admin, ref(id(created.root())));
        assertEquals(3, tree.total());
        assertEquals(1, tree.blocked());
        assertEquals(0, tree.completed());
    }

    @Test
    void assigningAGoalCascadesToNonCompletedChildrenAndRecordsHistoryPerTask() {
        Created created = board.createGoal(board.admin, goal("g", List.of(task("done"), task("open"))));
        String g1 = id(created.root());
        String done = id(created.children().get(0));
        String open = id(created.children().get(1));
        board.claim(board.bob, done);
        board.complete(board.bob, done);
        board.app.assignment().assign(board.admin, ref(g1), board.alice.userId());
        assertEquals(board.alice.userId(), board.get(g1).task().assignedToId());
        assertEquals(board.alice.userId(), board.get(open).task().assignedToId());
        assertEquals(board.bob.userId(), board.get(done).task().assignedToId(), "completed children are untouched");
        HistoryEntry entry = last(open, HistoryKind.ASSIGNED);
        HistoryFacts.Assignment assigned = (HistoryFacts.Assignment) entry.facts();
        assertNull(assigned.from());
        assertEquals(board.alice.userId(), assigned.to());

        board.app.assignment().assign(board.admin, ref(g1), board.bob.userId());
        assertEquals(board.bob.userId(), board.get(open).task().assignedToId());
        assertEquals(board.alice.userId(), ((HistoryFacts.Assignment) last(open, HistoryKind.ASSIGNED).facts()).from());
        assertTrue(board.app.next().next(board.alice).isEmpty(), "assigned children leave alice's queue");
    }

    @Test
    void childrenInheritTheGoalsAssigneeUnlessTheyNameOneExplicitlyNullIncluded() {
        Created created = board.createGoal(board.admin, goal("g",
                List.of(task("inherits"), task("explicit null", "assigned_to_id", null),
                        task("explicit bob", "assigned_to_id", board.bob.userId().value())),
                "assigned_to_id", board.alice.userId().value()));
        assertEquals(board.alice.userId(), created.children().get(0).task().assignedToId());
        assertNull(created.children().get(1).task().assignedToId());
        assertEquals(board.bob.userId(), created.children().get(2).task().assignedToId());
        String g1 = id(created.root());
        TaskView later = board.create(board.admin, task("added later", "parent_id", g1));
        assertEquals(board.alice.userId(), later.task().assignedToId());
        assertEquals(created.root().task().id(), later.task().parentId());
        TaskView laterNull = board.create(board.admin, task("added later, unassigned", "parent_id", g1, "assigned_to_id", null));
        assertNull(laterNull.task().assignedToId());
    }

    @Test
    void aParentMustBeAGoal() {
        String w1 = id(board.create(board.admin, task("not a goal")));
        assertThrows(TaskFieldsRejectedException.class, () -> board.create(board.admin, task("child", "parent_id", w1)));
    }

    private HistoryEntry last(String identifier, HistoryKind kind) {
        List<HistoryEntry> entries = board.app.reads().history(board.admin, ref(identifier)).stream()
                .filter(e -> e.kind() == kind).toList();
        return entries.get(entries.size() - 1);
    }
}
