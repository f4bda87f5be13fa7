package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Units of work that only read share the store lock; a write waits for them and they for it, and a write inside a
 * read unit of work is refused before it changes anything (docs/in-memory-store.md, "Transactions"). No clock is
 * read for a verdict: the latches only bound how long a broken lock could hang the test.
 */
class InMemoryReadTransactionTest {
    private static final long BOUND_SECONDS = 30;

    private final InMemoryStores stores = InMemoryStores.create();
    private final InMemoryTransactions transactions = stores.transactions();
    /** A thread for each side, whatever the common pool's size on this machine. */
    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void twoReadUnitsOfWorkRunAtTheSameTime() throws Exception {
        CountDownLatch bothInside = new CountDownLatch(2);
        Runnable reader = () -> transactions.inReadTransaction(() -> {
            bothInside.countDown();
            try {
                return bothInside.await(BOUND_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        CompletableFuture<Void> other = CompletableFuture.runAsync(reader, threads);
        reader.run();
        other.get(BOUND_SECONDS, TimeUnit.SECONDS);
        assertEquals(0, bothInside.getCount(), "each reader was inside while the other was");
    }

    @Test
    void aWriteWaitsForTheReadUnderWayAndRunsOnceItEnds() throws Exception {
        CountDownLatch readerInside = new CountDownLatch(1);
        CountDownLatch releaseReader = new CountDownLatch(1);
        AtomicBoolean writerRan = new AtomicBoolean();
        AtomicBoolean writerRanDuringRead = new AtomicBoolean();
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> transactions.inReadTransaction(() -> {
            readerInside.countDown();
            try {
                releaseReader.await(BOUND_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            writerRanDuringRead.set(writerRan.get());
            return null;
        }), threads);
        assertTrue(readerInside.await(BOUND_SECONDS, TimeUnit.SECONDS));
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> transactions.run(() -> writerRan.set(true)), threads);
        long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (transactions.waiting() == 0 && !writer.isDone() && System.nanoTime() < bound) {
            Thread.sleep(1);
        }
        assertEquals(1, transactions.waiting(), "the writer queues behind the reader");
        assertFalse(writerRan.get());
        releaseReader.countDown();
        reader.get(BOUND_SECONDS, TimeUnit.SECONDS);
        writer.get(BOUND_SECONDS, TimeUnit.SECONDS);
        assertFalse(writerRanDuringRead.get(), "no write ran while the reader was inside");
        assertTrue(writerRan.get());
    }

    @Test
    void aStoreWriteInsideAReadUnitOfWorkIsRefusedAndChangesNothing() {
        BoardId board = BoardId.of(1);
        stores.tasks().insert(Tasks.work(board, 1).position(1).build());
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> transactions.inReadTransaction(
                () -> stores.tasks().insert(Tasks.work(board, 2).position(2).build())));
        assertTrue(refused.getMessage().contains("read-only"), refused.getMessage());
        assertTrue(stores.tasks().findByIdentifier(board, Tasks.work(board, 2).build().identifier()).isEmpty());
        assertEquals(1, transactions.inReadTransaction(() -> stores.tasks().list(
                TaskQuery.all(board)).tasks().size()));
        // the journal of the refused unit of work is empty: a later write on the same thread commits alone
        stores.tasks().insert(Tasks.work(board, 3).position(3).build());
        assertEquals(2, stores.tasks().list(TaskQuery.all(board)).tasks().size());
    }
}
