package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code next} from the board's snapshot ({@link CandidateSnapshots}) on one server: after each of this server's
 * own changes the very next {@code next} answers as a read of the database would, with the snapshot's lifetime
 * far beyond the test, so only the corrections made at commit can explain it. Offers are off, so that {@code next}
 * answers the first eligible task. The racing test runs agents through next and claim at once and checks that no
 * task is claimed twice and that no {@code next} begun after this server committed a task's claim answers it.
 */
abstract class NextSnapshot {
    private JdbiStores stores;
    private BoardFixture board;

    /** Fresh stores on an empty database; closed after the test unless shared. */
    protected abstract JdbiStores openStores();

    protected boolean closeAfter() {
        return true;
    }

    @BeforeEach
    void open() {
        stores = openStores().nextCacheLifetime(Duration.ofDays(1));
        board = new BoardFixture(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                CompletionMode.GRACE, builder -> builder.nextOffer(Duration.ZERO));
    }

    @AfterEach
    void close() {
        if (closeAfter()) {
            stores.close();
        }
    }

    private String next(Actor actor) {
        return board.app.next().next(actor).map(BoardFixture::id).orElse(null);
    }

    private String create(String title, Object... keyValues) {
        return id(board.create(board.admin, task(title, keyValues)));
    }

    @Test
    void aTaskClaimedOrCompletedHereIsNotAnsweredAgain() {
        String first = create("first");
        String second = create("second");
        assertEquals(first, next(board.alice));
        assertEquals(first, next(board.bob), "the snapshot answers");

        board.claim(board.alice, first);
        assertEquals(second, next(board.bob), "the claim took the task out at once");
        board.complete(board.alice, first);
        assertEquals(second, next(board.bob));
        board.claim(board.bob, second);
        assertEquals(null, next(board.alice), "nothing left");
    }

    @Test
    void aTaskCreatedHereIsAnsweredAtOnce() {
        String medium = create("medium");
        assertEquals(medium, next(board.alice));
        String urgent = create("urgent", "priority", "critical");
        assertEquals(urgent, next(board.alice), "the creation dropped the snapshot");
    }

    @Test
    void aTaskArchivedEditedOrAssignedHereIsAnsweredAsTheDatabaseWould() {
        String first = create("first");
        String second = create("second");
        assertEquals(first, next(board.alice));

        board.app.archives().archive(board.admin, ref(first), ArchiveRequest.of("wont_do", "not needed", null));
        assertEquals(second, next(board.alice), "an archived task leaves next at once");
        board.app.archives().restore(board.admin, ref(first));
        assertEquals(first, next(board.alice), "and comes back with its restore");

        board.app.update().update(board.admin, ref(second), TaskCommands.edit(Map.of("priority", "critical")));
        assertEquals(second, next(board.alice), "an edit of the priority reorders at once");
    }

    @Test
    void aTaskBlockedOrUnblockedHereIsAnsweredAsTheDatabaseWould() {
        String base = create("base", "priority", "low");
        String dependent = create("dependent", "priority", "critical", "dependencies", List.of(base));
        assertEquals(base, next(board.alice), "the dependent waits for its base");
        board.claim(board.alice, base);
        assertEquals(null, next(board.bob));
        board.complete(board.alice, base);
        assertEquals(dependent, next(board.bob), "completing the base unblocked its dependent at once");

        String other = create("other", "priority", "high");
        assertEquals(dependent, next(board.bob));
        board.app.update().update(board.admin, ref(dependent),
                TaskCommands.edit(Map.of("dependencies", List.of(base, other))));
        assertEquals(other, next(board.bob), "a dependency added blocks the task at once");
    }

    @Test
    void aClaimRefusedHereLeavesTheTaskInTheSnapshot() {
        String first = create("first");
        assertEquals(first, next(board.alice));
        board.claim(board.alice, first);
        assertThrowsConflict(() -> board.claim(board.bob, first));
        assertEquals(null, next(board.bob));
    }

    private static void assertThrowsConflict(Runnable claim) {
        try {
            claim.run();
        } catch (ConflictException refused) {
            return;
        }
        throw new AssertionError("the second claim is refused");
    }

    /**
     * Eight agents loop next and claim on one board of 120 tasks. Every task is claimed exactly once, and no
     * {@code next} answers a task whose claim this server had committed before that {@code next} began.
     */
    @Test
    void racingAgentsNeverClaimTwiceNorAreHandedWhatThisServerSawClaimed() throws Exception {
        int tasks = 120;
        for (int i = 0; i < tasks; i++) {
            create("task " + i);
        }
        List<Actor> agents = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            agents.add(board.member("racer" + i, dev.tasklane.domain.identity.Access.MODIFY, Set.of(), false));
        }
        AtomicLong clock = new AtomicLong();
        Map<String, Long> claimedAt = new ConcurrentHashMap<>();
        Map<String, String> winners = new ConcurrentHashMap<>();
        AtomicInteger staleAnswers = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<String> doubles = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(agents.size());
        try {
            List<Future<?>> running = new ArrayList<>();
            for (Actor agent : agents) {
                running.add(pool.submit(() -> {
                    for (int attempt = 0; attempt < 20 * tasks; attempt++) {
                        long began = clock.get();
                        Optional<TaskView> answer = board.app.next().next(agent);
                        if (answer.isEmpty()) {
                            return null;
                        }
                        String identifier = id(answer.get());
                        Long claimed = claimedAt.get(identifier);
                        if (claimed != null && claimed <= began) {
                            staleAnswers.incrementAndGet();
                        }
                        try {
                            board.claim(agent, identifier);
                        } catch (ConflictException lost) {
                            refused.incrementAndGet();
                            continue;
                        }
                        if (winners.putIfAbsent(identifier, agent.user().username()) != null) {
                            doubles.add(identifier);
                        }
                        claimedAt.put(identifier, clock.incrementAndGet());
                    }
                    throw new AssertionError(agent.user().username() + " was still answered tasks after "
                            + 20 * tasks + " attempts (" + staleAnswers.get() + " stale answers)");
                }));
            }
            for (Future<?> agent : running) {
                agent.get();
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println(getClass().getSimpleName() + ": " + winners.size() + " claims, " + refused.get()
                + " refused (another agent won the task), " + staleAnswers.get() + " stale answers");
        assertEquals(List.of(), doubles, "no task is claimed twice");
        assertEquals(tasks, winners.size(), "every task is claimed once");
        assertEquals(0, staleAnswers.get(), "no next answers a task this server had seen claimed");
    }
}
