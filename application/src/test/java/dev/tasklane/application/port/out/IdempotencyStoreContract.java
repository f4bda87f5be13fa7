package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.IdempotencyUseCase;
import dev.tasklane.application.port.in.IdempotencyUseCase.Answer;
import dev.tasklane.application.port.in.IdempotencyUseCase.InFlight;
import dev.tasklane.application.port.in.IdempotencyUseCase.Mismatch;
import dev.tasklane.application.port.in.IdempotencyUseCase.Outcome;
import dev.tasklane.application.port.in.IdempotencyUseCase.Proceed;
import dev.tasklane.application.port.in.IdempotencyUseCase.Replay;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.MutableClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.testing.Tasks.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link IdempotencyStore}, and of the idempotency use case over it: every store adapter extends
 * this class with only {@link #newStores()}. The store's own operations are checked first (atomic insert, writes
 * refused on a stale revision, expiry), then the rules an agent relies on (replay, 422 on another body, 409 while
 * running, a dead server's reservation freed after its lease, a released key runs again, scoping to the token).
 */
public abstract class IdempotencyStoreContract {
    private static final Duration RETENTION = Duration.ofHours(24);
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final long TOKEN = 7;

    /** The stores of one adapter and its idempotency store, sharing one transaction manager. */
    public record IdempotencyStores(StoreSet stores, IdempotencyStore idempotency) {
    }

    protected IdempotencyStores stores;
    protected IdempotencyStore store;
    private MutableClock clock;
    private IdempotencyUseCase keys;

    /** Fresh stores with no idempotency keys. */
    protected abstract IdempotencyStores newStores();

    @BeforeEach
    void createStores() {
        stores = newStores();
        store = stores.idempotency();
        clock = new MutableClock(NOW);
        StoreSet set = stores.stores();
        keys = Tasklane.builder().stores(set.tasks(), set.directory(), set.transactions()).clock(clock)
                .idempotency(store).idempotencyTimes(RETENTION, LEASE).build().idempotency();
    }

    private <T> T tx(java.util.function.Supplier<T> work) {
        return stores.stores().tx(work);
    }

    private IdempotencyEntry pending(String key, String fingerprint) {
        return IdempotencyEntry.pending(TOKEN, key, fingerprint, NOW.plus(LEASE), NOW.plus(RETENTION));
    }

    @Test
    void insertIfAbsentInsertsOnceAndFindReturnsTheEntry() {
        assertTrue(tx(() -> store.insertIfAbsent(pending("k1", "fp-a"))));
        assertFalse(tx(() -> store.insertIfAbsent(pending("k1", "fp-b"))), "the key is taken");
        IdempotencyEntry found = tx(() -> store.find(TOKEN, "k1")).orElseThrow();
        assertEquals(pending("k1", "fp-a"), found);
        assertTrue(tx(() -> store.find(TOKEN + 1, "k1")).isEmpty(), "keys are per token");
    }

    @Test
    void anAnswerIsStoredWholeAndReplaceNeedsTheCurrentRevision() {
        IdempotencyEntry reserved = pending("k2", "fp");
        tx(() -> store.insertIfAbsent(reserved));
        String body = "{\"data\":{\"title\":\"ünïcode ✓\",\"n\":" + "9".repeat(5000) + "}}";
        IdempotencyEntry answered = reserved.answer(201, body, "/api/tasks/12", NOW.plus(RETENTION));
        assertTrue(tx(() -> store.replace(answered, reserved.revision())));
        assertEquals(answered, tx(() -> store.find(TOKEN, "k2")).orElseThrow());
        assertFalse(tx(() -> store.replace(reserved.retake("other", NOW, NOW), reserved.revision())),
                "a write based on the stale revision is refused");
        assertFalse(tx(() -> store.delete(TOKEN, "k2", reserved.revision())), "so is a stale delete");
        assertTrue(tx(() -> store.delete(TOKEN, "k2", answered.revision())));
        assertTrue(tx(() -> store.find(TOKEN, "k2")).isEmpty());
    }

    @Test
    void deleteExpiredRemovesOnlyEntriesPastTheirExpiry() {
        tx(() -> store.insertIfAbsent(IdempotencyEntry.pending(TOKEN, "old", "fp", NOW, NOW.plusSeconds(10))));
        tx(() -> store.insertIfAbsent(IdempotencyEntry.pending(TOKEN, "young", "fp", NOW, NOW.plusSeconds(20))));
        assertEquals(1, (int) tx(() -> store.deleteExpired(NOW.plusSeconds(10))));
        assertTrue(tx(() -> store.find(TOKEN, "old")).isEmpty());
        assertTrue(tx(() -> store.find(TOKEN, "young")).isPresent());
    }

    @Test
    void aWriteRolledBackWithItsTransactionLeavesNoKey() {
        try {
            tx(() -> {
                store.insertIfAbsent(pending("rolled-back", "fp"));
                throw new IllegalStateException("the unit of work fails");
            });
        } catch (IllegalStateException expected) {
            // the insert must be gone with it
        }
        assertTrue(tx(() -> store.find(TOKEN, "rolled-back")).isEmpty());
    }

    @Test
    void theSameRequestReplaysTheFirstAnswerAndAnotherBodyIsAMismatch() {
        assertInstanceOf(Proceed.class, keys.begin(TOKEN, "key", "fp-1"));
        assertInstanceOf(InFlight.class, keys.begin(TOKEN, "key", "fp-1"), "while the first request runs");
        assertInstanceOf(Mismatch.class, keys.begin(TOKEN, "key", "fp-2"), "another body, even while it runs");
        Answer answer = new Answer(201, "{\"data\":{\"id\":1}}", "/api/tasks/1");
        assertTrue(keys.finish(TOKEN, "key", "fp-1", answer));
        clock.advance(RETENTION.minusSeconds(1));
        Outcome again = keys.begin(TOKEN, "key", "fp-1");
        assertEquals(new Replay(answer), again, "the same answer, until the retention ends");
        assertInstanceOf(Mismatch.class, keys.begin(TOKEN, "key", "fp-2"));
        assertInstanceOf(Proceed.class, keys.begin(TOKEN + 1, "key", "fp-2"), "another token's key is its own");
    }

    @Test
    void anAnsweredKeyIsForgottenAfterTheRetentionAndPurged() {
        keys.begin(TOKEN, "key", "fp-1");
        keys.finish(TOKEN, "key", "fp-1", new Answer(200, "{}", null));
        clock.advance(RETENTION);
        assertInstanceOf(Proceed.class, keys.begin(TOKEN, "key", "fp-2"), "an expired key is free for a new request");
        keys.finish(TOKEN, "key", "fp-2", new Answer(200, "{\"second\":true}", null));
        assertEquals(0, keys.purgeExpired(), "the retaken key expires a retention after its new answer");
        clock.advance(RETENTION);
        assertEquals(1, keys.purgeExpired());
        assertTrue(tx(() -> store.find(TOKEN, "key")).isEmpty());
    }

    @Test
    void aReservationOfADeadServerIsFreedAfterItsLease() {
        assertInstanceOf(Proceed.class, keys.begin(TOKEN, "key", "fp-1"));
        clock.advance(LEASE.minusMillis(1));
        assertInstanceOf(InFlight.class, keys.begin(TOKEN, "key", "fp-1"));
        clock.advance(Duration.ofMillis(1));
        assertInstanceOf(Proceed.class, keys.begin(TOKEN, "key", "fp-1"), "the lease ran out: the retry runs");
        assertFalse(keys.finish(TOKEN, "key", "fp-0", new Answer(200, "{}", null)), "not the holder's request");
        assertTrue(keys.finish(TOKEN, "key", "fp-1", new Answer(200, "{\"late\":false}", null)));
    }

    @Test
    void anAbandonedKeyRunsAgain() {
        assertInstanceOf(Proceed.class, keys.begin(TOKEN, "key", "fp-1"));
        keys.abandon(TOKEN, "key", "fp-1");
        assertInstanceOf(Proceed.class, keys.begin(TOKEN, "key", "fp-2"), "a 5xx released the key");
        keys.abandon(TOKEN, "key", "fp-1");
        assertInstanceOf(InFlight.class, keys.begin(TOKEN, "key", "fp-2"), "another request's abandon is ignored");
    }

    @Test
    void concurrentFirstRequestsReserveTheKeyExactlyOnce() throws Exception {
        int racers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            for (int round = 0; round < 5; round++) {
                String key = "race-" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Outcome>> outcomes = new ArrayList<>();
                for (int i = 0; i < racers; i++) {
                    Callable<Outcome> racer = () -> {
                        start.await();
                        return keys.begin(TOKEN, key, "fp");
                    };
                    outcomes.add(pool.submit(racer));
                }
                start.countDown();
                int proceeded = 0;
                for (Future<Outcome> outcome : outcomes) {
                    Outcome decided = outcome.get(30, TimeUnit.SECONDS);
                    if (decided instanceof Proceed) {
                        proceeded++;
                    } else {
                        assertInstanceOf(InFlight.class, decided, key);
                    }
                }
                assertEquals(1, proceeded, "requests that ran under " + key);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Far enough in the future to expire every key a test wrote. */
    protected static Instant endOfTests() {
        return NOW.plus(Duration.ofDays(3650));
    }
}
