package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.service.CompletionMode;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.identity.Access;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.proof;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many agents race to claim the same tasks, by identifier and through next; no task is ever claimed twice.
 * Store adapters extend it with only {@link #newStores()}.
 */
public abstract class ClaimRaceContract {
    static final int AGENTS = 8;
    static final int TASKS = 120;

    protected abstract StoreSet newStores();

    @Test
    void racingAgentsClaimEveryTaskExactlyOnce() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            identifiers.add(id(board.create(board.admin, task("task " + i, "priority", i % 2 == 0 ? "high" : "low"))));
        }
        List<Actor> agents = new ArrayList<>();
        for (int i = 0; i < AGENTS; i++) {
            agents.add(board.member("agent" + i, Access.MODIFY, Set.of(), false));
        }
        Map<String, Long> winners = new ConcurrentHashMap<>();
        AtomicInteger doubleClaims = new AtomicInteger();
        AtomicInteger attempts = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(AGENTS);
        List<Future<?>> runs = new ArrayList<>();
        for (int a = 0; a < AGENTS; a++) {
            Actor agent = agents.get(a);
            boolean byIdentifier = a % 2 == 0;
            runs.add(pool.submit(() -> {
                start.await();
                for (String identifier : identifiers) {
                    attempts.incrementAndGet();
                    try {
                        String claimed = id(board.app.claims()
                                .claim(agent, byIdentifier ? identifier : null, "agent-" + agent.userId(), proof()).task());
                        if (winners.putIfAbsent(claimed, agent.userId()) != null) {
                            doubleClaims.incrementAndGet();
                        }
                    } catch (ConflictException lost) {
                        // another agent won this one, or nothing is left
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> run : runs) {
            run.get(2, TimeUnit.MINUTES);
        }
        pool.shutdown();
        assertEquals(0, doubleClaims.get());
        assertEquals(TASKS, winners.size());
        assertTrue(attempts.get() >= TASKS);
        for (var view : board.app.reads().list(board.admin, TaskQuery.all(board.boardId)).tasks()) {
            List<HistoryEntry> claims = board.app.reads().history(board.admin, BoardFixture.ref(id(view)))
                    .stream().filter(e -> e.kind() == HistoryKind.CLAIMED).toList();
            assertEquals(1, claims.size(), id(view) + " was claimed " + claims.size() + " times");
            assertEquals(winners.get(id(view)), view.task().assignedToId());
        }
    }
}
