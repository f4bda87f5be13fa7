package dev.tasklane.application.port.out;

import static dev.tasklane.application.testing.Identifiers.tid;
import static dev.tasklane.application.testing.Identifiers.tids;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.tasklane.application.testing.Tasks.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a store does with archived tasks and deletes (docs/rules.md, "Archive, restore and delete"): an archive is
 * kept whole, an archived task is out of the candidates and of the default list, and a delete removes the task with
 * its links, conditional on the version read. Every store extends this with its factory.
 */
public abstract class ArchivedTaskStoreContract extends StoreContractBase {

    private Task archived(Task task, Archive archive) {
        return stores.tx(() -> store.update(task.toBuilder().archive(archive).build()));
    }

    private List<String> candidates() {
        return stores.tx(() -> {
            List<String> identifiers = new ArrayList<>();
            store.candidates(new CandidateQuery(BOARD, ME, Set.of(), NOW))
                    .forEachRemaining(task -> identifiers.add(task.identifier().toString()));
            return identifiers;
        });
    }

    private List<String> listed(boolean archived) {
        return stores.tx(() -> store.list(TaskQuery.all(BOARD).withArchived(archived))).tasks().stream()
                .map(task -> task.identifier().toString()).toList();
    }

    @Test
    void anArchiveIsStoredWholeAndRemovedByRestore() {
        Task task = insert(Tasks.work(BOARD, 1));
        Archive archive = new Archive(NOW.plusNanos(123_456_789), ArchiveReason.DUPLICATE, "same as W2", "W2", ME);
        Task stored = archived(task, archive);
        assertEquals(archive, stored.archive());
        Task read = stores.tx(() -> store.findById(BOARD, task.id())).orElseThrow();
        assertEquals(archive, read.archive());
        assertEquals(stored, read);
        Task restored = stores.tx(() -> store.update(read.toBuilder().archive(null).build()));
        assertEquals(null, stores.tx(() -> store.findById(BOARD, restored.id())).orElseThrow().archive());
        Archive bare = new Archive(NOW, ArchiveReason.COMPLETED, null, null, null);
        assertEquals(bare, archived(restored, bare).archive());
    }

    @Test
    void anArchivedTaskIsNoCandidateAndOutOfTheDefaultList() {
        Task first = insert(Tasks.work(BOARD, 1).position(1));
        insert(Tasks.work(BOARD, 2).position(2));
        assertEquals(List.of("W1", "W2"), candidates());
        Task stored = archived(first, new Archive(NOW, ArchiveReason.DEFERRED, "later", null, ME));
        assertEquals(List.of("W2"), candidates());
        assertTrue(stores.tx(() -> store.lockCandidate(new CandidateQuery(BOARD, ME, Set.of(), NOW), first.id())).isEmpty());
        assertEquals(List.of("W2"), listed(false));
        assertEquals(List.of("W1"), listed(true));
        stores.tx(() -> store.update(stored.toBuilder().archive(null).build()));
        assertEquals(List.of("W1", "W2"), candidates());
        assertEquals(List.of(), listed(true));
    }

    @Test
    void deleteRemovesTheTaskAndItsLinksAtTheVersionRead() {
        Task base = insert(Tasks.work(BOARD, 1));
        Task dependent = insert(Tasks.work(BOARD, 2).dependsOn("W1"));
        assertEquals(List.of("W2"), stores.tx(() -> store.dependents(BOARD, tid("W1"))).stream()
                .map(task -> task.identifier().toString()).toList());
        Task changed = stores.tx(() -> store.update(dependent.withPosition(99, NOW)));
        assertThrows(ConcurrentUpdateException.class, () -> stores.tx(() -> {
            store.delete(dependent);
            return null;
        }));
        assertTrue(stores.tx(() -> store.findById(BOARD, dependent.id())).isPresent(), "a stale delete removes nothing");
        stores.tx(() -> {
            store.delete(changed);
            return null;
        });
        assertTrue(stores.tx(() -> store.findById(BOARD, dependent.id())).isEmpty());
        assertTrue(stores.tx(() -> store.findByIdentifier(BOARD, tid("W2"))).isEmpty());
        assertEquals(List.of(), stores.tx(() -> store.dependents(BOARD, tid("W1"))));
        assertEquals(List.of("W1"), listed(false));
        assertEquals(List.of("W1"), candidates());
        stores.tx(() -> {
            store.delete(base);
            return null;
        });
        assertEquals(List.of(), candidates());
    }
}
