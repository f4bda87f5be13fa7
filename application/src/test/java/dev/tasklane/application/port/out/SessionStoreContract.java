package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.WebSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

import static dev.tasklane.application.testing.Tasks.NOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract of {@link SessionStore}. Every store adapter extends this class with only {@link #newStores()};
 * two servers sharing one database share sessions because they share this store.
 */
public abstract class SessionStoreContract {
    /** A session store and the transactions it runs in. */
    public record Sessions(SessionStore store, Transactions transactions) {
        <T> T tx(Supplier<T> work) {
            return transactions.inTransaction(work);
        }
    }

    private Sessions sessions;

    /** A fresh, empty session store. */
    protected abstract Sessions newStores();

    @BeforeEach
    void createStores() {
        sessions = newStores();
    }

    private WebSession session(String hash, long userId, Instant expiresAt) {
        return sessions.tx(() -> sessions.store().insertSession(
                new WebSession(0, hash, UserId.of(userId), "csrf-" + hash, NOW, expiresAt)));
    }

    @Test
    void sessionsGetIdsAndAreFoundByTheirHashOnly() {
        WebSession first = session("h1", 1, NOW.plus(Duration.ofHours(1)));
        WebSession second = session("h2", 2, NOW.plus(Duration.ofHours(2)));

        assertNotEquals(0, first.id());
        assertNotEquals(first.id(), second.id());
        assertEquals(first, sessions.tx(() -> sessions.store().sessionByHash("h1")).orElseThrow());
        assertEquals(second, sessions.tx(() -> sessions.store().sessionByHash("h2")).orElseThrow());
        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("H1")).isEmpty());
        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("csrf-h1")).isEmpty());
    }

    @Test
    void aSessionIsExtendedAndDeleted() {
        WebSession first = session("h1", 1, NOW.plus(Duration.ofHours(1)));
        Instant later = NOW.plus(Duration.ofHours(8));

        assertTrue(sessions.tx(() -> sessions.store().extendSession(first.id(), later)));
        assertEquals(first.extendedTo(later), sessions.tx(() -> sessions.store().sessionByHash("h1")).orElseThrow());

        assertTrue(sessions.tx(() -> sessions.store().deleteSession(first.id())));
        assertFalse(sessions.tx(() -> sessions.store().deleteSession(first.id())));
        assertFalse(sessions.tx(() -> sessions.store().extendSession(first.id(), later)));
        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("h1")).isEmpty());
    }

    @Test
    void aUsersSessionsEndTogetherAndOthersStay() {
        session("a1", 1, NOW.plus(Duration.ofHours(1)));
        session("a2", 1, NOW.plus(Duration.ofHours(1)));
        WebSession other = session("b1", 2, NOW.plus(Duration.ofHours(1)));

        assertEquals(2, sessions.tx(() -> sessions.store().deleteSessionsOf(UserId.of(1))));

        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("a1")).isEmpty());
        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("a2")).isEmpty());
        assertEquals(other, sessions.tx(() -> sessions.store().sessionByHash("b1")).orElseThrow());
        assertEquals(0, sessions.tx(() -> sessions.store().deleteSessionsOf(UserId.of(1))));
    }

    @Test
    void expiredSessionsAreSweptAndLiveOnesKept() {
        session("old", 1, NOW.plusSeconds(1));
        WebSession live = session("live", 1, NOW.plus(Duration.ofHours(1)));

        assertEquals(1, sessions.tx(() -> sessions.store().deleteExpiredSessions(NOW.plusSeconds(2))));

        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("old")).isEmpty());
        assertEquals(live, sessions.tx(() -> sessions.store().sessionByHash("live")).orElseThrow());
    }

    @Test
    void aFailedTransactionLeavesNoSessionWrites() {
        WebSession kept = session("kept", 1, NOW.plus(Duration.ofHours(1)));

        assertThrows(SessionProbe.class, () -> sessions.tx(() -> {
            sessions.store().insertSession(new WebSession(0, "ghost", UserId.of(1), "csrf", NOW, NOW.plusSeconds(60)));
            sessions.store().deleteSession(kept.id());
            throw new SessionProbe();
        }));

        assertTrue(sessions.tx(() -> sessions.store().sessionByHash("ghost")).isEmpty());
        assertEquals(kept, sessions.tx(() -> sessions.store().sessionByHash("kept")).orElseThrow());
    }

    /** Thrown by tests to make a unit of work fail. */
    protected static final class SessionProbe extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
