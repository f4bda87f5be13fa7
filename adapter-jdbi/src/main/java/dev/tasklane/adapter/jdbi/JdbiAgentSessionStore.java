package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.StopRequest;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static dev.tasklane.adapter.jdbi.AgentSessionDao.ts;

/**
 * Agent sessions and their activity logs over JDBI, in the caller's transaction: the statements of every claim and
 * completion on the handle itself, the others through {@link AgentSessionDao} attached to it.
 */
final class JdbiAgentSessionStore implements AgentSessionStore {
    private final JdbiTransactions transactions;

    JdbiAgentSessionStore(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    private <T> T dao(Function<AgentSessionDao, T> work) {
        return transactions.withHandle(handle -> work.apply(handle.attach(AgentSessionDao.class)));
    }

    /**
     * The session's row, at once. A claim states its task row's change just before ({@link JdbiTaskStore#update}):
     * this statement, and those of {@link #latestOf}, {@link #byClaimToken} and {@link #save}, read nothing that
     * change writes (the task's row is only their key's target), so the change stays stated and the fold sends it
     * with the use case's events.
     */
    @Override
    public AgentSession open(AgentSession session) {
        long id = transactions.withHandleKeepingUpdate(handle -> handle.createUpdate(AgentSessionDao.INSERT)
                .bind("task", session.taskId().value()).bind("board", session.boardId().value())
                .bind("token", session.claimToken()).bind("agent", session.agentName())
                .bind("holder", session.holderUserId().value()).bind("started", ts(session.startedAt()))
                .bind("seen", ts(session.lastSeenAt()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
        return session.withId(id);
    }

    @Override
    public void save(AgentSession session) {
        StopRequest stop = session.stop();
        int rows = transactions.withHandleKeepingUpdate(handle -> handle.createUpdate(AgentSessionDao.UPDATE)
                .bind("id", session.id()).bind("seen", ts(session.lastSeenAt()))
                .bind("awaiting", ts(session.awaitingSince())).bind("awaited", session.awaitedMillis())
                .bind("stopBy", stop == null ? null : stop.byUserId().value())
                .bind("stopByName", stop == null ? null : stop.byUsername())
                .bind("stopReason", stop == null ? null : stop.reason())
                .bind("stopAt", stop == null ? null : ts(stop.at())).bind("ended", ts(session.endedAt()))
                .bind("end", session.end() == null ? null : session.end().code()).bind("posted", session.posted())
                .bind("dropped", session.dropped()).bind("questions", session.questions()).execute());
        if (rows != 1) {
            throw new IllegalStateException("no session " + session.id() + " to update");
        }
    }

    @Override
    public Optional<AgentSession> latestOf(TaskId taskId) {
        return transactions.withHandleKeepingUpdate(handle -> handle.createQuery(AgentSessionDao.LATEST_OF)
                .bind("task", taskId.value()).map(AgentSessionDao.SessionRow.INSTANCE).findOne());
    }

    @Override
    public Optional<AgentSession> byClaimToken(TaskId taskId, String claimToken) {
        return transactions.withHandleKeepingUpdate(handle -> handle.createQuery(AgentSessionDao.BY_CLAIM_TOKEN)
                .bind("task", taskId.value()).bind("token", claimToken).map(AgentSessionDao.SessionRow.INSTANCE).findOne());
    }

    @Override
    public List<AgentSession> openOn(BoardId boardId, int limit) {
        return dao(dao -> dao.openOn(boardId.value(), limit));
    }

    @Override
    public List<AgentSession> endedOn(BoardId boardId, Instant from, Instant to, int limit) {
        return dao(dao -> dao.endedOn(boardId.value(), ts(from), ts(to), limit));
    }

    @Override
    public List<AgentSession> stopsDue(Instant stoppedBy, int limit) {
        return dao(dao -> dao.stopsDue(ts(stoppedBy), limit));
    }

    @Override
    public Activity append(Activity activity) {
        return dao(dao -> activity.withId(dao.append(activity.sessionId(), activity.taskId().value(),
                activity.kind().code(), activity.body(),
                activity.progress() == null ? null : activity.progress().done(),
                activity.progress() == null ? null : activity.progress().total(),
                activity.byUserId() == null ? null : activity.byUserId().value(), activity.byUsername(),
                activity.agentName(), ts(activity.at()))));
    }

    @Override
    public int dropOldest(long sessionId, int keep) {
        return dao(dao -> dao.firstBeyondKept(sessionId, keep).map(upTo -> dao.dropUpTo(sessionId, upTo)).orElse(0));
    }

    @Override
    public List<Activity> activities(TaskId taskId, long after, int limit) {
        return dao(dao -> dao.activities(taskId.value(), after, limit));
    }

    @Override
    public List<Activity> latestActivities(TaskId taskId, int limit) {
        return dao(dao -> dao.latestActivities(taskId.value(), limit));
    }

    @Override
    public int pruneActivities(Instant endedBefore, int limit) {
        return dao(dao -> {
            List<Long> ids = dao.prunable(ts(endedBefore), limit);
            return ids.isEmpty() ? 0 : dao.deleteActivities(ids);
        });
    }
}
