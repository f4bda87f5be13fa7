package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.WebSession;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Web sessions in memory, journaled in the shared {@link InMemoryTransactions} like the other in-memory stores,
 * so a failed unit of work leaves no session behind.
 */
public final class InMemorySessionStore implements SessionStore {
    private final InMemoryTransactions transactions;
    private final JournaledWrites writes;
    private final Map<Long, WebSession> sessions = new TreeMap<>();
    private final Map<String, Long> idByHash = new HashMap<>();
    private long lastId;

    public InMemorySessionStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.writes = new JournaledWrites(this.transactions);
    }

    @Override
    public WebSession insertSession(WebSession session) {
        return inTx(() -> {
            WebSession stored = session.withId(++lastId);
            writes.put(sessions, stored.id(), stored);
            writes.put(idByHash, stored.secretHash(), stored.id());
            return stored;
        });
    }

    @Override
    public Optional<WebSession> sessionByHash(String secretHash) {
        return inTx(() -> Optional.ofNullable(idByHash.get(secretHash)).map(sessions::get));
    }

    @Override
    public boolean extendSession(long sessionId, Instant expiresAt) {
        return inTx(() -> {
            WebSession stored = sessions.get(sessionId);
            if (stored == null) {
                return false;
            }
            writes.put(sessions, sessionId, stored.extendedTo(expiresAt));
            return true;
        });
    }

    @Override
    public boolean deleteSession(long sessionId) {
        return inTx(() -> {
            WebSession stored = sessions.get(sessionId);
            if (stored == null) {
                return false;
            }
            delete(stored);
            return true;
        });
    }

    @Override
    public int deleteSessionsOf(UserId userId) {
        return inTx(() -> deleteAll(sessions.values().stream().filter(s -> s.userId().equals(userId)).toList()));
    }

    @Override
    public int deleteExpiredSessions(Instant now) {
        return inTx(() -> deleteAll(sessions.values().stream().filter(s -> !s.validAt(now)).toList()));
    }

    private int deleteAll(List<WebSession> doomed) {
        doomed.forEach(this::delete);
        return doomed.size();
    }

    private void delete(WebSession session) {
        writes.remove(sessions, session.id());
        writes.remove(idByHash, session.secretHash());
    }


    private <T> T inTx(Supplier<T> work) {
        return transactions.inTransaction(work);
    }
}
