package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.FlowMetricsUseCase.Metrics;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.AgentState;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.FlowMetrics;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static dev.tasklane.application.usecase.BoardFixture.completion;
import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.hook;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flow rollup (docs/rules.md, "Flow metrics") against every store: after every kind of transition each task's
 * stored flow, the board's move counts, open counts and agents' activity equal what folding the tasks' history
 * gives; a rolled-back unit of work leaves no trace; the figures the use case answers equal the figures computed
 * from the histories; bad parameters are refused naming the parameter.
 */
public abstract class FlowStoreContract {
    protected abstract StoreSet newStores();

    private BoardFixture board;

    @BeforeEach
    void setUp() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
    }

    @Test
    void theRollupAgreesWithTheHistoryAfterEveryKindOfTransition() {
        String w1 = id(board.create(board.admin, task("Reviewed twice", "needs_review", true)));
        String w2 = id(board.create(board.admin, task("Straight to Done")));
        String w3 = id(board.create(board.admin, task("Marked done", "needs_review", true)));
        String w4 = id(board.create(board.admin, task("Expires")));
        String g1 = id(board.createGoal(board.admin, goal("A goal", List.of(task("Child one"), task("Child two")))).root());
        agrees("created");

        board.claim(board.alice, w1);
        agrees("claimed");
        board.clock.advance(Duration.ofMinutes(5));
        board.app.leases().heartbeat(board.alice, ref(w1), null);
        agrees("heartbeat");
        board.app.leases().unclaim(board.alice, ref(w1), null);
        agrees("unclaimed");
        board.claim(board.alice, w1);
        board.clock.advance(Duration.ofMinutes(10));
        board.complete(board.alice, w1);
        agrees("to Review");
        board.clock.advance(Duration.ofMinutes(20));
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("changes_requested", "Handle the empty case"));
        agrees("changes requested");
        board.app.reviews().markReviewed(board.alice, ref(w1), hook(), "agent");
        agrees("sent back");
        board.complete(board.alice, w1);
        board.clock.advance(Duration.ofMinutes(7));
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("approved", null));
        board.app.reviews().markReviewed(board.alice, ref(w1), hook(), "agent");
        agrees("approved and Done");

        board.claim(board.bob, w2);
        board.clock.advance(Duration.ofMinutes(3));
        board.complete(board.bob, w2);
        agrees("completed to Done");

        board.claim(board.bob, w3);
        board.complete(board.bob, w3);
        board.clock.advance(Duration.ofMinutes(30));
        board.app.reviews().markDone(board.admin, ref(w3));
        agrees("marked done");

        board.claim(board.alice, w4);
        board.clock.advance(Duration.ofHours(2));
        assertEquals(1, board.app.maintenance().sweep().claimsExpired());
        agrees("claim expired");
        board.claim(board.bob, w4);
        board.clock.advance(Duration.ofMinutes(31));
        board.app.flow().releaseStuck(board.admin, ref(w4));
        agrees("released as stuck");

        String child = board.get(g1).task().identifier().toString();
        assertTrue(child.startsWith("G"));
        assertEquals(Optional.empty(), board.stores.tx(() -> flows().flow(board.get(g1).task().id())), "goals have no flow");
    }

    @Test
    void concurrentChangesKeepTheRollupInStep() throws Exception {
        int threads = 4;
        int perThread = 6;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < threads * perThread; i++) {
            ids.add(id(board.create(board.admin, task("Raced " + i))));
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    start.await();
                    dev.tasklane.domain.agent.Actor agent = thread % 2 == 0 ? board.alice : board.bob;
                    for (int i = 0; i < perThread; i++) {
                        String w = ids.get(thread * perThread + i);
                        board.app.claims().claim(agent, new dev.tasklane.application.port.in.ClaimTask(w, "racer-" + thread, hook(), null));
                        board.app.completion().complete(agent, ref(w),
                                dev.tasklane.application.port.in.CompleteTask.of("racer-" + thread, null, hook(), hook(), BoardFixture.report()));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (java.util.concurrent.Future<?> future : done) {
                future.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        agrees("racing claims and completions");
        assertEquals(threads * perThread, board.app.flow().metrics(board.admin, MetricsRequest.defaults()).report().throughput().total());
    }

    /**
     * A unit of work that writes many flows (a goal's creation writes one per child; a database sends them together,
     * past the few its event statement takes) stores each whole: every stamp, the agent, the counts.
     */
    @Test
    void manyFlowsOfOneUnitOfWorkAreStoredWhole() {
        Map<TaskId, TaskFlow> written = new java.util.LinkedHashMap<>();
        Instant at = BoardFixture.START;
        for (int i = 0; i < 24; i++) {
            Task task = board.get(id(board.create(board.admin, task("Flow " + i, "type", i % 2 == 0 ? "work" : "defect"))))
                    .task();
            TaskId id = task.id();
            written.put(id, new TaskFlow(task.identifier().toString(), task.type(), at.plusMillis(i), Status.values()[i % 4],
                    at.plusMillis(100 + i), at.plusMillis(200 + i), at.plusMillis(300 + i), at.plusMillis(400 + i),
                    new FlowAgent(board.alice.userId(), "agent " + i), 500 + i, at.plusMillis(600 + i), i));
        }
        board.stores.run(() -> written.forEach((id, flow) -> flows().putFlow(board.boardId, id, flow)));

        written.forEach((id, flow) -> assertEquals(flow, board.stores.tx(() -> flows().flow(id)).orElseThrow()));
    }

    @Test
    void aRolledBackUnitOfWorkLeavesTheRollupAsItWas() {
        String w1 = id(board.create(board.admin, task("Kept")));
        TaskId id = board.get(w1).task().id();
        TaskFlow before = board.stores.tx(() -> flows().flow(id)).orElseThrow();
        List<MoveCount> movesBefore = board.stores.tx(() -> flows().moves(board.boardId, Instant.EPOCH));
        List<AgentActivity> agentsBefore = board.stores.tx(() -> flows().agents(board.boardId));
        assertThrows(IllegalStateException.class, () -> board.stores.run(() -> {
            flows().putFlow(board.boardId, id, before.apply(FlowEvent.of(BoardFixture.START, FlowEvent.Kind.CLAIMED,
                    new FlowAgent(board.alice.userId(), "a"))));
            flows().addMoves(board.boardId, List.of(new MoveCount(BoardFixture.START, Status.OPEN, Status.IN_PROGRESS, 1)));
            flows().touchAgents(board.boardId, Map.of(new FlowAgent(board.alice.userId(), "a"), BoardFixture.START));
            throw new IllegalStateException("roll back");
        }));
        assertEquals(before, board.stores.tx(() -> flows().flow(id)).orElseThrow());
        assertEquals(movesBefore, board.stores.tx(() -> flows().moves(board.boardId, Instant.EPOCH)));
        assertEquals(agentsBefore, board.stores.tx(() -> flows().agents(board.boardId)));
        assertEquals(Map.of(Status.OPEN, 1L), board.stores.tx(() -> flows().openCounts(board.boardId)));
    }

    @Test
    void theUseCaseAnswersTheFiguresComputedFromTheHistories() {
        for (int i = 0; i < 6; i++) {
            String w = id(board.create(board.admin, task("Task " + i, "needs_review", i % 2 == 0)));
            board.clock.advance(Duration.ofMinutes(10L * i + 1));
            board.claim(i % 3 == 0 ? board.alice : board.bob, w);
            board.clock.advance(Duration.ofMinutes(20L + i));
            if (i == 5) {
                continue;
            }
            board.complete(i % 3 == 0 ? board.alice : board.bob, w);
            if (i % 2 == 0) {
                board.clock.advance(Duration.ofHours(i + 1L));
                board.app.reviews().review(board.reviewer, ref(w), ReviewDecision.fromCode(i == 2 ? "rejected" : "approved",
                        i == 2 ? "Not this way" : null));
                board.app.reviews().markReviewed(i % 3 == 0 ? board.alice : board.bob, ref(w), hook(), "agent");
            }
            board.clock.advance(Duration.ofDays(1));
        }
        Metrics metrics = board.app.flow().metrics(board.admin, new MetricsRequest("7d", null, null, null, null));
        FlowReport report = metrics.report();
        FlowReport expected = FlowMetrics.fromTimelines(timelines(), FlowWindow.lastDays(7, board.clock.instant(), ZoneOffset.UTC),
                board.clock.instant(), FlowSettings.defaults(), null);
        assertEquals(expected.throughput(), report.throughput());
        assertEquals(4, report.throughput().total(), "the rejected task went back to Doing");
        assertEquals(expected.cycleTime(), report.cycleTime());
        assertEquals(expected.leadTime(), report.leadTime());
        assertEquals(expected.reviewWait(), report.reviewWait());
        assertEquals(expected.backlogWait(), report.backlogWait());
        assertEquals(expected.rework(), report.rework());
        assertEquals(expected.cumulativeFlow(), report.cumulativeFlow());
        assertEquals(expected.tasks(), report.tasks());
        assertEquals(expected.agents().stream().map(a -> List.of(a.agent(), a.state(), a.done())).toList(),
                report.agents().stream().map(a -> List.of(a.agent(), a.state(), a.done())).toList());
        assertEquals("alice", metrics.username(board.alice.userId()));
        FlowReport.AgentFigures working = report.agents().stream().filter(a -> a.currentTask() != null).findFirst().orElseThrow();
        assertEquals(board.get(working.currentTask()).task().claim().expiresAt(), working.leaseExpiresAt());
    }

    @Test
    void anEmptyBoardAnswersZeroCountsAndNullPercentiles() {
        FlowReport report = board.app.flow().metrics(board.reader, MetricsRequest.defaults()).report();
        assertEquals(0, report.throughput().total());
        assertEquals(0, report.leadTime().count());
        assertNull(report.leadTime().p95());
        assertEquals(14, report.cumulativeFlow().size());
        assertEquals(List.of(), report.agents());
    }

    @Test
    void badParametersAreRefusedNamingTheParameter() {
        assertEquals("window", refused(new MetricsRequest("0d", null, null, null, null)));
        assertEquals("window", refused(new MetricsRequest("400d", null, null, null, null)));
        assertEquals("from", refused(new MetricsRequest(null, "2026-02-01", "2026-01-01", null, null)));
        assertEquals("tz", refused(new MetricsRequest(null, null, null, "Nowhere/Town", null)));
        assertEquals("agent", refused(new MetricsRequest(null, null, null, null, "nobody")));
    }

    @Test
    void onlyAStuckAgentsTaskIsReleasedAndOnlyByAWriter() {
        String w1 = id(board.create(board.admin, task("Held")));
        board.claim(board.alice, w1);
        board.clock.advance(Duration.ofMinutes(29));
        assertEquals("agent_not_stuck",
                assertThrows(InvalidStateException.class, () -> board.app.flow().releaseStuck(board.admin, ref(w1))).code());
        board.clock.advance(Duration.ofMinutes(2));
        FlowReport.AgentFigures alice = board.app.flow().metrics(board.admin, MetricsRequest.defaults()).report().agents().get(0);
        assertEquals(AgentState.STUCK, alice.state());
        assertEquals(w1, alice.currentTask());
        assertThrows(ForbiddenException.class, () -> board.app.flow().releaseStuck(board.reader, ref(w1)));
        assertEquals(Status.OPEN, board.app.flow().releaseStuck(board.bob, ref(w1)).task().status());
        assertNull(board.get(w1).task().assignedToId(), "the assignment from before the claim comes back");
        assertEquals(AgentState.IDLE, board.app.flow().metrics(board.admin, MetricsRequest.defaults()).report().agents().get(0).state());
    }

    @Test
    void theFiguresOfAWindowReadOnlyTheTasksFinishedInIt() {
        for (int i = 0; i < 5; i++) {
            String w = id(board.create(board.admin, task("Old " + i)));
            board.claim(board.alice, w);
            board.complete(board.alice, w);
        }
        board.clock.advance(Duration.ofDays(60));
        String recent = id(board.create(board.admin, task("Recent")));
        board.claim(board.alice, recent);
        board.complete(board.alice, recent);
        Instant now = board.clock.instant();
        assertEquals(1, board.stores.tx(() -> flows().finished(board.boardId, now.minus(Duration.ofDays(7)), now.plusSeconds(1))).size());
        assertTrue(board.stores.tx(() -> flows().moves(board.boardId, now.minus(Duration.ofDays(7)))).stream()
                .allMatch(m -> !m.at().isBefore(now.minus(Duration.ofDays(7)))));
        assertEquals(5, board.app.flow().metrics(board.admin, new MetricsRequest("90d", null, null, null, null))
                .report().throughput().total() - 1, "both windows");
    }

    /**
     * A deleted task leaves its history in the store, and the figures, folded from the history, still count it: a
     * task deleted in Ready stays in the open counts, one finished before its deletion in its window's throughput.
     */
    @Test
    void aDeletedTaskStaysInTheFiguresAsItsHistoryDoes() {
        String ready = id(board.create(board.admin, task("Deleted in Ready")));
        String finished = id(board.create(board.admin, task("Finished, archived, deleted")));
        String kept = id(board.create(board.admin, task("Kept")));
        board.claim(board.alice, finished);
        board.clock.advance(Duration.ofMinutes(12));
        board.complete(board.alice, finished);
        board.app.archives().archive(board.admin, ref(finished), ArchiveRequest.of("completed", null, null));
        Instant now = board.clock.instant();
        List<TaskFlow> finishedBefore = board.stores.tx(() -> flows().finished(board.boardId, now.minus(Duration.ofDays(1)), now.plusSeconds(1)));
        Map<Status, Long> openBefore = board.stores.tx(() -> flows().openCounts(board.boardId));
        assertEquals(Map.of(Status.OPEN, 2L), openBefore);
        assertEquals(1, finishedBefore.size());

        Actor owner = Actor.direct(board.admin.user(), board.admin.board(), Access.OWNER, null);
        board.app.archives().delete(owner, ref(ready));
        board.app.archives().delete(owner, ref(finished));

        assertEquals(openBefore, board.stores.tx(() -> flows().openCounts(board.boardId)), "the open counts");
        assertEquals(finishedBefore, board.stores.tx(() -> flows().finished(board.boardId, now.minus(Duration.ofDays(1)),
                now.plusSeconds(1))), "the finished tasks of the window");
        board.claim(board.bob, kept);
        assertEquals(Map.of(Status.OPEN, 1L, Status.IN_PROGRESS, 1L), board.stores.tx(() -> flows().openCounts(board.boardId)),
                "a claim after the deletions moves only its own task");
    }

    private String refused(MetricsRequest request) {
        InvalidInputException refused = assertThrows(InvalidInputException.class, () -> board.app.flow().metrics(board.admin, request));
        assertEquals("invalid_param", refused.code());
        return ((ErrorDetails.Field) refused.details()).field();
    }

    private FlowStore flows() {
        return board.stores.tasks().flows();
    }

    private List<Task> tasks() {
        return board.stores.tx(() -> board.stores.tasks().list(TaskQuery.all(board.boardId)).tasks());
    }

    private List<TaskTimeline> timelines() {
        List<TaskTimeline> timelines = new ArrayList<>();
        for (Task task : tasks()) {
            List<FlowEvent> events = new ArrayList<>();
            for (HistoryEntry entry : board.stores.tx(() -> board.stores.tasks().history(task.id()))) {
                events.add(FlowEvent.fromHistory(entry));
            }
            timelines.add(new TaskTimeline(task.identifier().toString(), task.type(), events));
        }
        return timelines;
    }

    /** The stored rollup equals the histories folded: every task's flow, the moves, the open counts, the agents. */
    private void agrees(String after) {
        BoardId boardId = board.boardId;
        Map<String, Long> expectedMoves = new TreeMap<>();
        Map<Status, Long> expectedOpen = new HashMap<>();
        Map<FlowAgent, Instant> expectedAgents = new HashMap<>();
        for (TaskTimeline timeline : timelines()) {
            Task task = tasks().stream().filter(t -> t.identifier().toString().equals(timeline.identifier())).findFirst().orElseThrow();
            for (FlowEvent event : timeline.events()) {
                if (event.actor() != null) {
                    expectedAgents.merge(event.actor(), event.at(), (a, b) -> a.isAfter(b) ? a : b);
                }
            }
            if (task.isGoal()) {
                continue;
            }
            TaskFlow flow = null;
            for (FlowEvent event : timeline.events()) {
                TaskFlow next = flow == null ? TaskFlow.created(timeline.identifier(), timeline.type(), event.at()) : flow.apply(event);
                Optional<MoveCount> move = MoveCount.between(flow, next, event.at());
                move.ifPresent(m -> expectedMoves.merge(MoveCount.bucketOf(m.at()) + " " + m.from() + ">" + m.to(), 1L, Long::sum));
                flow = next;
            }
            assertEquals(flow, board.stores.tx(() -> flows().flow(task.id())).orElse(null), after + ": the flow of " + timeline.identifier());
            if (!flow.isDone()) {
                expectedOpen.merge(flow.column(), 1L, Long::sum);
            }
            assertEquals(flow.column(), task.status(), after + ": the flow's column is the task's");
        }
        Map<String, Long> storedMoves = new TreeMap<>();
        for (MoveCount move : board.stores.tx(() -> flows().moves(boardId, Instant.EPOCH))) {
            storedMoves.merge(move.at() + " " + move.from() + ">" + move.to(), move.count(), Long::sum);
        }
        assertEquals(expectedMoves, storedMoves, after + ": the move counts");
        assertEquals(expectedOpen, board.stores.tx(() -> flows().openCounts(boardId)), after + ": the open counts");
        Map<FlowAgent, Instant> storedAgents = new HashMap<>();
        board.stores.tx(() -> flows().agents(boardId)).forEach(a -> storedAgents.put(a.agent(), a.lastActivityAt()));
        assertEquals(expectedAgents.keySet(), storedAgents.keySet(), after + ": the agents");
        // an agent's last activity is exact to a minute: a write less than a minute after the last one is skipped
        expectedAgents.forEach((agent, at) -> {
            Instant stored = storedAgents.get(agent);
            assertTrue(!stored.isAfter(at) && Duration.between(stored, at).compareTo(Duration.ofMinutes(1)) < 0,
                    after + ": the last activity of " + agent + " is " + stored + ", within a minute before " + at);
        });
    }
}
