package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A write sent with the transaction's next statement ({@code JdbiTransactions.sendWithNext}, an agent session's row on
 * PostgreSQL) is there for every later statement as if it had been sent at once, goes at the latest with the commit,
 * is dropped with the attempt that made it, and fails its transaction when it misses its row.
 */
@RequiresPostgres
final class PostgresSentWithNextTest {
    private final JdbiStores jdbi = TestDatabases.postgres();
    private final BoardFixture board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions()),
            CompletionMode.GRACE);
    private final AgentSessionStore sessions = jdbi.agentSessions();

    @Test
    void aWaitingWriteIsThereForTheNextStatementWhicheverWayItGoes() {
        TaskId first = id("first");
        TaskId second = id("second");
        board.stores.run(() -> {
            sessions.open(opened(first, "token-1"));
            // a statement of JDBI's own sends it first
            assertEquals(List.of("token-1"), sessions.openOn(board.boardId, 10).stream().map(AgentSession::claimToken)
                    .toList());
            sessions.open(opened(second, "token-2"));
            // a plain statement carries it
            AgentSession carried = sessions.latestOf(second).orElseThrow();
            assertEquals("token-2", carried.claimToken());
            assertTrue(carried.id() > 0, "read back with the id the database gave it");
            sessions.save(carried.ended(SessionEnd.EXPIRED, board.clock.instant()));
        });
        // the last write went with the commit
        assertEquals(Optional.of(SessionEnd.EXPIRED), board.stores.tx(() -> sessions.latestOf(second)).map(AgentSession::end));
        assertEquals(Optional.of("token-1"), board.stores.tx(() -> sessions.latestOf(first)).map(AgentSession::claimToken));
    }

    @Test
    void anUndoneAttemptDropsItsWaitingWritesAndAKeptOneKeepsThem() {
        TaskId kept = id("kept");
        TaskId undone = id("undone");
        TaskId sent = id("sent");
        board.stores.run(() -> {
            assertTrue(jdbi.transactions().tentatively(() -> {
                sessions.open(opened(kept, "kept"));
                return Optional.of(true);
            }).isPresent());
            assertEquals(Optional.empty(), jdbi.transactions().tentatively(() -> {
                sessions.open(opened(undone, "undone"));
                return Optional.empty();
            }), "undone before anything was sent");
            assertEquals(Optional.empty(), jdbi.transactions().tentatively(() -> {
                sessions.open(opened(sent, "sent"));
                assertEquals("sent", sessions.latestOf(sent).orElseThrow().claimToken(), "sent with the savepoint");
                return Optional.empty();
            }), "undone after it was sent");
        });
        assertEquals(Optional.of("kept"), board.stores.tx(() -> sessions.latestOf(kept)).map(AgentSession::claimToken));
        assertEquals(Optional.empty(), board.stores.tx(() -> sessions.latestOf(undone)), "the undone attempt's write");
        assertEquals(Optional.empty(), board.stores.tx(() -> sessions.latestOf(sent)), "rolled back to the savepoint");
    }

    @Test
    void aWaitingWriteThatMissesItsRowFailsItsTransactionAndLeavesNothingOfIt() {
        TaskId task = id("task");
        AgentSession missing = opened(task, "missing").withId(Long.MAX_VALUE);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> board.stores.run(() -> {
            sessions.open(opened(task, "written"));
            sessions.save(missing);
        }));
        assertTrue(refused.getMessage().contains("changed 0 rows, not one"), refused.getMessage());
        assertEquals(Optional.empty(), board.stores.tx(() -> sessions.latestOf(task)), "nothing of the transaction");
    }

    private TaskId id(String title) {
        return board.create(board.alice, task(title)).task().id();
    }

    private AgentSession opened(TaskId task, String token) {
        Instant now = board.clock.instant();
        return AgentSession.open(task, board.boardId, token, "agent", board.alice.userId(), now);
    }
}
