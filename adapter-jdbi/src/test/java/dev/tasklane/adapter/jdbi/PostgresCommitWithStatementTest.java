package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On PostgreSQL the outbox's statement at the very end of a unit of work that is the whole transaction carries the
 * {@code COMMIT} ({@code EventOutbox#appendLast}, {@code UnitOfWork#mayCommitWithStatement}): another connection
 * sees the events before the unit of work has returned, and nothing may be written after it. A plain append, or
 * the last append of a nested unit (EventOutboxContract), waits for the transaction's own commit.
 */
@RequiresPostgres
final class PostgresCommitWithStatementTest {
    private Transactions transactions;
    private EventOutbox outbox;

    @BeforeEach
    void openStores() {
        var stores = TestDatabases.postgresStores();
        transactions = stores.transactions();
        outbox = stores.events();
    }

    private static List<TaskEvent> events() {
        return List.of(new TaskEvent(0, BoardId.of(1), "task.updated", TaskId.of(1), "W1", "open", "Ready", null, null,
                Instant.parse("2026-01-01T00:00:00Z")));
    }

    /** The last number committed, read on another connection (another thread, so outside this transaction). */
    private long lastIdElsewhere() {
        return CompletableFuture.supplyAsync(outbox::lastId).join();
    }

    @Test
    void theLastAppendIsCommittedWithItsStatement() {
        long[] appended = {0};
        long seen = transactions.inTransaction(() -> {
            appended[0] = outbox.appendLast(events()).get(0).sequence();
            return lastIdElsewhere();
        });
        assertEquals(appended[0], seen, "another connection sees the event before the unit of work returns");
    }

    @Test
    void aPlainAppendWaitsForTheCommit() {
        long before = outbox.lastId();
        long[] appended = {0};
        long seen = transactions.inTransaction(() -> {
            appended[0] = outbox.append(events()).get(0).sequence();
            return lastIdElsewhere();
        });
        assertEquals(before, seen, "the event is not visible before the transaction's commit");
        assertEquals(appended[0], outbox.lastId());
    }

    @Test
    void nothingMayBeWrittenAfterTheLastAppend() {
        long before = outbox.lastId();
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> transactions.inTransaction(() -> {
            outbox.appendLast(events());
            return outbox.append(events());
        }));
        assertTrue(refused.getMessage().contains("appendLast"), refused.getMessage());
        assertEquals(1, outbox.after(before, 10).size(), "the last append committed, the statement after it never ran");
    }
}
