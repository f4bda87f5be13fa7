package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.WebSession;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/** Web sessions over JDBI ({@link SessionDao}), in the caller's transaction. */
final class JdbiSessionStore implements SessionStore {
    private final JdbiTransactions transactions;

    JdbiSessionStore(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    private <T> T dao(Function<SessionDao, T> work) {
        return transactions.withHandle(handle -> work.apply(handle.attach(SessionDao.class)));
    }

    @Override
    public WebSession insertSession(WebSession session) {
        return dao(dao -> session.withId(dao.insert(session.secretHash(), session.userId(), session.csrfToken(),
                TaskRows.timestamp(session.createdAt()), TaskRows.timestamp(session.expiresAt()))));
    }

    @Override
    public Optional<WebSession> sessionByHash(String secretHash) {
        return dao(dao -> dao.byHash(secretHash));
    }

    @Override
    public boolean extendSession(long sessionId, Instant expiresAt) {
        return dao(dao -> dao.extend(sessionId, TaskRows.timestamp(expiresAt)) > 0);
    }

    @Override
    public boolean deleteSession(long sessionId) {
        return dao(dao -> dao.delete(sessionId) > 0);
    }

    @Override
    public int deleteSessionsOf(UserId userId) {
        return dao(dao -> dao.deleteOf(userId));
    }

    @Override
    public int deleteExpiredSessions(Instant now) {
        return dao(dao -> dao.deleteExpired(TaskRows.timestamp(now)));
    }
}
