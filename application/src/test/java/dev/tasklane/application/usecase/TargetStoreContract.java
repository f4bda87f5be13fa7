package dev.tasklane.application.usecase;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;
import dev.tasklane.domain.task.TaskIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The target store's contract, run against every store: ids, versions, boards apart, rollback. */
public abstract class TargetStoreContract {
    /** A target store and its transactions, with two boards it may hold targets of. */
    public record Stores(TargetStore targets, Transactions transactions, BoardId board, BoardId otherBoard) {
    }

    protected abstract Stores newStores();

    private static final Instant NOW = Instant.parse("2026-11-02T09:15:30.123Z");
    private Stores stores;

    @BeforeEach
    void open() {
        stores = newStores();
    }

    private <T> T tx(java.util.function.Supplier<T> work) {
        return stores.transactions().inTransaction(work);
    }

    private Target fresh(BoardId board, String name) {
        return new Target(TargetId.UNASSIGNED, board, name, LocalDate.parse("2026-12-24"), ZoneId.of("Europe/Paris"),
                List.of(TaskIdentifier.parse("G1").orElseThrow()),
                List.of(TaskIdentifier.parse("W3").orElseThrow(), TaskIdentifier.parse("D2").orElseThrow()),
                null, NOW, NOW, 0);
    }

    @Test
    void aTargetIsStoredWithAnIdAndReadBackAsWritten() {
        Target first = tx(() -> stores.targets().add(fresh(stores.board(), "Launch")));
        Target second = tx(() -> stores.targets().add(fresh(stores.board(), "Beta")));
        assertTrue(second.id().value() > first.id().value());
        assertEquals(1, first.version());
        Target read = tx(() -> stores.targets().byId(stores.board(), first.id())).orElseThrow();
        assertEquals(first, read);
        assertEquals(List.of("Launch", "Beta"), tx(() -> stores.targets().list(stores.board())).stream()
                .map(Target::name).toList());
        assertEquals(Instant.parse("2026-12-24T23:00:00Z"), read.due(), "the end of the due date in Paris");
    }

    @Test
    void anotherBoardsTargetIsNeitherReadNorListed() {
        Target other = tx(() -> stores.targets().add(fresh(stores.otherBoard(), "Theirs")));
        assertEquals(Optional.empty(), tx(() -> stores.targets().byId(stores.board(), other.id())));
        assertEquals(List.of(), tx(() -> stores.targets().list(stores.board())));
    }

    @Test
    void anUpdateIsStoredOnlyOverTheVersionItWasReadAt() {
        Target stored = tx(() -> stores.targets().add(fresh(stores.board(), "Launch")));
        Target changed = tx(() -> stores.targets().save(stored.changed("Launch 2", LocalDate.parse("2027-01-10"),
                ZoneId.of("UTC"), List.of(), List.of(TaskIdentifier.parse("W9").orElseThrow()), NOW.plusSeconds(5))));
        assertEquals(2, changed.version());
        assertEquals(changed, tx(() -> stores.targets().byId(stores.board(), stored.id())).orElseThrow());
        assertThrows(ConcurrentUpdateException.class, () -> tx(() -> stores.targets().save(stored.archived(NOW))));
        Target archived = tx(() -> stores.targets().save(changed.archived(NOW.plusSeconds(9))));
        assertEquals(NOW.plusSeconds(9), archived.archivedAt());
    }

    @Test
    void aRolledBackInsertLeavesNothing() {
        assertThrows(IllegalStateException.class, () -> tx(() -> {
            stores.targets().add(fresh(stores.board(), "Gone"));
            throw new IllegalStateException("rolled back");
        }));
        assertEquals(List.of(), tx(() -> stores.targets().list(stores.board())));
    }
}
