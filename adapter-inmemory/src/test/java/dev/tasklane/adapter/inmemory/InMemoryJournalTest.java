package dev.tasklane.adapter.inmemory;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A thread keeps its undo journal between units of work (docs/in-memory-store.md, "Cost per cycle"): a failed unit
 * of work undoes its own writes only, never those of a committed one before it on the same thread, whatever size
 * that one grew the journal to.
 */
class InMemoryJournalTest {
    private final InMemoryTransactions transactions = new InMemoryTransactions();

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 2_000})
    void aFailedUnitOfWorkUndoesOnlyItsOwnWritesAfterACommittedOne(int committedWrites) {
        List<String> undone = new ArrayList<>();
        transactions.run(() -> {
            for (int i = 0; i < committedWrites; i++) {
                int write = i;
                transactions.onRollback(() -> undone.add("committed " + write));
            }
        });
        assertThrows(IllegalStateException.class, () -> transactions.run(() -> {
            transactions.onRollback(() -> undone.add("outer"));
            transactions.run(() -> transactions.onRollback(() -> undone.add("nested")));
            throw new IllegalStateException("the unit of work fails");
        }));
        assertEquals(List.of("nested", "outer"), undone);

        undone.clear();
        transactions.run(() -> transactions.onRollback(() -> undone.add("committed later")));
        assertThrows(IllegalStateException.class, () -> transactions.onRollback(() -> undone.add("outside")),
                "a write outside a unit of work is refused once the last one has ended");
        assertEquals(List.of(), undone);
    }
}
