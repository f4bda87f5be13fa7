package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.SessionUseCase.SessionView;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.session.SessionState;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.usecase.BoardFixture.completion;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stop on one server and the holder's calls on another, over one PostgreSQL database (two sets of stores, two
 * applications, as two servers have): a completion racing a stop never both win, and a claim released by one
 * server's sweep after the grace period is stale on the other.
 */
@RequiresPostgres
final class PostgresSessionTwoServersTest {
    @Test
    void aStopOnOneServerAndACompletionOnTheOtherNeverBothWin() throws Exception {
        JdbiStores first = TestDatabases.postgres();
        try (JdbiStores second = JdbiStores.open(TestDatabases.postgresDatabase().withPoolSize(8))) {
            BoardFixture board = new BoardFixture(set(first), CompletionMode.GRACE,
                    builder -> builder.agentSessions(first.agentSessions()));
            Tasklane serverB = BoardFixture.builder(set(second)).clock(board.clock)
                    .agentSessions(second.agentSessions()).build();
            int stops = 0;
            int completions = 0;
            for (int round = 0; round < 16; round++) {
                String racing = id(board.create(board.admin, task("race " + round)));
                String token = board.claim(board.alice, racing).claimToken();
                CyclicBarrier start = new CyclicBarrier(2);
                CompletableFuture<Boolean> completing = CompletableFuture.supplyAsync(() -> wins(start, () ->
                        board.app.completion().complete(board.alice, ref(racing), completion().withClaimToken(token))));
                CompletableFuture<Boolean> stopping = CompletableFuture.supplyAsync(() -> wins(start, () ->
                        serverB.sessions().stop(board.reviewer, ref(racing), "race")));
                boolean completed = completing.get(30, TimeUnit.SECONDS);
                boolean stopped = stopping.get(30, TimeUnit.SECONDS);
                assertTrue(completed ^ stopped, "round " + round + ": completed " + completed + ", stopped " + stopped);
                Status status = serverB.reads().get(board.admin, ref(racing)).task().status();
                assertEquals(completed ? Status.COMPLETED : Status.IN_PROGRESS, status);
                if (completed) {
                    completions++;
                } else {
                    stops++;
                }
            }
            System.out.println("two servers, stop/complete race: completions won " + completions + ", stops won "
                    + stops);

            String ignored = id(board.create(board.admin, task("ignores the stop")));
            String token = board.claim(board.alice, ignored).claimToken();
            serverB.sessions().stop(board.reviewer, ref(ignored), "Wrong module");
            assertEquals("stop_requested", assertThrows(ConflictException.class,
                    () -> board.app.leases().heartbeat(board.alice, ref(ignored), token)).code());
            board.clock.advance(SessionLimits.DEFAULT_STOP_GRACE.plus(Duration.ofSeconds(1)));
            serverB.maintenance().sweep();
            SessionView ended = board.app.sessions().session(board.reader, ref(ignored));
            assertEquals(SessionState.ENDED, ended.state());
            assertEquals(SessionEnd.STOP_GRACE_EXPIRED, ended.session().end());
            assertEquals(Status.OPEN, board.get(ignored).task().status());
            assertEquals("stale_claim", assertThrows(ConflictException.class,
                    () -> board.app.leases().heartbeat(board.alice, ref(ignored), token)).code());
            assertEquals("stale_claim", assertThrows(ConflictException.class, () -> board.app.completion()
                    .complete(board.alice, ref(ignored), completion().withClaimToken(token))).code());
        }
    }

    private static StoreSet set(JdbiStores stores) {
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }

    private static boolean wins(CyclicBarrier start, Runnable call) {
        try {
            start.await(10, TimeUnit.SECONDS);
        } catch (Exception interrupted) {
            throw new IllegalStateException(interrupted);
        }
        try {
            call.run();
            return true;
        } catch (ConflictException | InvalidStateException refused) {
            return false;
        }
    }
}
