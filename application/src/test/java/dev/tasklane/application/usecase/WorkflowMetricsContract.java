package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.out.WorkflowMetrics;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What the use cases tell {@link WorkflowMetrics} (the operator metrics' counters), and the Ready depths they read,
 * on every store: the history of each committed use case, once, after its commit; nothing for a refused one or a read.
 * Every store adapter extends this class with only {@link #newStores()}.
 */
public abstract class WorkflowMetricsContract {
    protected abstract StoreSet newStores();

    private final List<HistoryEntry> told = Collections.synchronizedList(new ArrayList<>());
    private BoardFixture board;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE, builder -> builder.workflowMetrics(told::addAll));
    }

    private List<HistoryKind> toldKinds() {
        synchronized (told) {
            List<HistoryKind> kinds = told.stream().map(HistoryEntry::kind).toList();
            told.clear();
            return kinds;
        }
    }

    @Test
    void aClaimACompletionAndAReviewAreToldOnceEach() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        assertEquals(List.of(HistoryKind.CREATED), toldKinds());

        board.claim(board.alice, w1);
        assertEquals(List.of(HistoryKind.CLAIMED), toldKinds());
        board.complete(board.alice, w1);
        assertEquals(List.of(HistoryKind.REVIEW_REQUESTED), toldKinds());
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("changes_requested", "Add a test"));
        HistoryEntry reviewed = told.get(0);
        // the review's notes also join the task's comment thread (docs/rules.md, "Comments")
        assertEquals(List.of(HistoryKind.REVIEWED, HistoryKind.COMMENTED), toldKinds());
        assertEquals(new HistoryFacts.Reviewed("changes_requested"), reviewed.facts());
    }

    @Test
    void aRefusedUseCaseAndAReadTellNothing() {
        String w1 = id(board.create(board.admin, task("Contended")));
        board.claim(board.alice, w1);
        toldKinds();

        assertThrows(ConflictException.class, () -> board.claim(board.bob, w1));
        board.get(w1);
        board.app.next().next(board.bob);
        board.app.maintenance().readyDepths();
        assertEquals(List.of(), toldKinds());
    }

    @Test
    void anExpiredLeaseIsToldWhenTheSweeperReturnsItAndWhenAClaimTakesItOver() {
        String w1 = id(board.create(board.admin, task("Slow one")));
        String w2 = id(board.create(board.admin, task("Slow two")));
        board.claim(board.alice, w1);
        board.claim(board.alice, w2);
        board.clock.advance(Duration.ofMinutes(61));
        toldKinds();

        board.claim(board.bob, w1);
        HistoryEntry takenOver = told.get(0);
        assertEquals(List.of(HistoryKind.CLAIMED), toldKinds());
        assertInstanceOf(HistoryFacts.ReclaimedExpired.class, takenOver.facts());
        assertEquals(1, board.app.maintenance().sweep().claimsExpired());
        assertEquals(List.of(HistoryKind.CLAIM_EXPIRED), toldKinds());
    }

    @Test
    void racingClaimsAreToldOncePerTaskWhateverTheLosersRetried() throws Exception {
        int tasks = 12;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            ids.add(id(board.create(board.admin, task("Raced " + i))));
        }
        toldKinds();
        List<Actor> racers = List.of(board.alice, board.bob, board.reviewer);
        ExecutorService pool = Executors.newFixedThreadPool(racers.size());
        try {
            for (String taskId : ids) {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Boolean>> claims = new ArrayList<>();
                for (Actor racer : racers) {
                    claims.add(pool.submit(() -> {
                        go.await();
                        try {
                            board.claim(racer, taskId);
                            return true;
                        } catch (ConflictException lost) {
                            return false;
                        }
                    }));
                }
                go.countDown();
                int won = 0;
                for (Future<Boolean> claim : claims) {
                    won += claim.get(60, TimeUnit.SECONDS) ? 1 : 0;
                }
                assertEquals(1, won, "one claim of " + taskId + " wins");
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Collections.nCopies(tasks, HistoryKind.CLAIMED), toldKinds());
    }

    @Test
    void readyDepthsCountTheTasksInReadyOfEveryBoard() {
        assertEquals(Map.of(board.boardId, 0), board.app.maintenance().readyDepths(), "an empty board is 0");
        String w1 = id(board.create(board.admin, task("One")));
        board.create(board.admin, task("Two", "dependencies", List.of(w1)));
        assertEquals(Map.of(board.boardId, 2), board.app.maintenance().readyDepths(), "a blocked task counts");
        board.claim(board.alice, w1);
        assertEquals(Map.of(board.boardId, 1), board.app.maintenance().readyDepths());
    }
}
