package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.ActivityKind;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.Progress;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.session.StopRequest;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static dev.tasklane.adapter.jdbi.JdbiAgentSessionStore.AgentSessionDao.ts;

/**
 * Agent sessions and their activity logs over JDBI, in the caller's transaction: the statements of every claim and
 * completion as {@link PlainStatement}s on the transaction's connection, the others through {@link AgentSessionDao}
 * attached to its handle.
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
     * The session's row, sent with the transaction's next statement ({@link JdbiTransactions#sendWithNext}): on
     * PostgreSQL a claim's goal lock or its write fold carries it. A claim states its task row's change just before
     * ({@link JdbiTaskStore#update}): this statement, and those of {@link #latestOf}, {@link #byClaimToken} and
     * {@link #save}, read nothing that change writes (the task's row is only their key's target), so the change stays
     * stated and the fold sends it with the use case's events.
     */
    @Override
    public void open(AgentSession session) {
        PlainStatement insert = PlainStatement.of(AgentSessionDao.INSERT);
        insert.values().bigint("task", session.taskId().value()).bigint("board", session.boardId().value())
                .text("token", session.claimToken()).text("agent", session.agentName())
                .bigint("holder", session.holderUserId().value()).timestamp("started", session.startedAt())
                .timestamp("seen", session.lastSeenAt());
        transactions.sendWithNext(insert);
    }

    /** Sent with the transaction's next statement, as {@link #open} is: on PostgreSQL a completion's fold carries it. */
    @Override
    public void save(AgentSession session) {
        StopRequest stop = session.stop();
        PlainStatement update = PlainStatement.of(AgentSessionDao.UPDATE);
        update.values().timestamp("seen", session.lastSeenAt()).timestamp("awaiting", session.awaitingSince())
                .bigint("awaited", session.awaitedMillis())
                .nullableBigint("stopBy", stop == null ? null : stop.byUserId().value())
                .text("stopByName", stop == null ? null : stop.byUsername())
                .text("stopReason", stop == null ? null : stop.reason())
                .timestamp("stopAt", stop == null ? null : stop.at()).timestamp("ended", session.endedAt())
                .text("end", session.end() == null ? null : session.end().code()).bigint("posted", session.posted())
                .bigint("dropped", session.dropped()).bigint("questions", session.questions())
                .bigint("id", session.id());
        transactions.sendWithNext(update);
    }

    @Override
    public Optional<AgentSession> latestOf(TaskId taskId) {
        PlainStatement query = PlainStatement.of(AgentSessionDao.LATEST_OF);
        query.values().bigint("task", taskId.value());
        return transactions.withHandleCarrying(true,
                (handle, carried) -> query.findOneAfter(carried, handle, AgentSessionDao.SessionRow::read));
    }

    @Override
    public Optional<AgentSession> byClaimToken(TaskId taskId, String claimToken) {
        PlainStatement query = PlainStatement.of(AgentSessionDao.BY_CLAIM_TOKEN);
        query.values().bigint("task", taskId.value()).text("token", claimToken);
        return transactions.withHandleCarrying(true,
                (handle, carried) -> query.findOneAfter(carried, handle, AgentSessionDao.SessionRow::read));
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

    /** The agent sessions' SQL, attached to the current transaction's handle. */
    @RegisterRowMapper(AgentSessionDao.SessionRow.class)
    @RegisterRowMapper(AgentSessionDao.ActivityRow.class)
    interface AgentSessionDao {
        String SESSION_COLUMNS = "id, task_id, board_id, claim_token, agent_name, holder_user_id, started_at, last_seen_at, "
                + "awaiting_since, awaited_millis, stop_by_user_id, stop_by_username, stop_reason, stop_at, ended_at, "
                + "end_reason, posted, dropped, questions";
        String ACTIVITY_COLUMNS = "id, session_id, task_id, kind, body, progress_done, progress_total, by_user_id, "
                + "by_username, agent_name, posted_at";

        /**
         * The statements of every claim and completion: {@link JdbiAgentSessionStore} runs them as plain statements,
         * without attaching this interface (its attachment per call held a tenth of the claim cycle's profile) or
         * JDBI's work per statement.
         */
        String INSERT = "INSERT INTO agent_sessions (task_id, board_id, claim_token, agent_name, holder_user_id, started_at, "
                + "last_seen_at, awaiting_since, awaited_millis, posted, dropped, questions) VALUES (:task, :board, :token, "
                + ":agent, :holder, :started, :seen, NULL, 0, 0, 0, 0)";
        String UPDATE = "UPDATE agent_sessions SET last_seen_at = :seen, awaiting_since = :awaiting, awaited_millis = :awaited, "
                + "stop_by_user_id = :stopBy, stop_by_username = :stopByName, stop_reason = :stopReason, stop_at = :stopAt, "
                + "ended_at = :ended, end_reason = :end, posted = :posted, dropped = :dropped, questions = :questions "
                + "WHERE id = :id";
        String LATEST_OF = "SELECT " + SESSION_COLUMNS + " FROM agent_sessions WHERE task_id = :task ORDER BY id DESC "
                + "FETCH FIRST 1 ROWS ONLY";
        String BY_CLAIM_TOKEN = "SELECT " + SESSION_COLUMNS + " FROM agent_sessions WHERE task_id = :task AND claim_token = :token";

        @SqlQuery("SELECT " + SESSION_COLUMNS + " FROM agent_sessions WHERE board_id = :board AND ended_at IS NULL "
                + "ORDER BY id FETCH FIRST :limit ROWS ONLY")
        List<AgentSession> openOn(@Bind("board") long boardId, @Bind("limit") int limit);

        @SqlQuery("SELECT " + SESSION_COLUMNS + " FROM agent_sessions WHERE board_id = :board AND ended_at >= :from "
                + "AND ended_at < :to ORDER BY ended_at, id FETCH FIRST :limit ROWS ONLY")
        List<AgentSession> endedOn(@Bind("board") long boardId, @Bind("from") OffsetDateTime from,
                                   @Bind("to") OffsetDateTime to, @Bind("limit") int limit);

        @SqlQuery("SELECT " + SESSION_COLUMNS + " FROM agent_sessions WHERE stop_at <= :by AND ended_at IS NULL "
                + "ORDER BY stop_at, id FETCH FIRST :limit ROWS ONLY")
        List<AgentSession> stopsDue(@Bind("by") OffsetDateTime stoppedBy, @Bind("limit") int limit);

        @SqlUpdate("INSERT INTO session_activities (session_id, task_id, kind, body, progress_done, progress_total, "
                + "by_user_id, by_username, agent_name, posted_at) VALUES (:session, :task, :kind, :body, :done, :total, "
                + ":by, :byName, :agent, :at)")
        @GetGeneratedKeys("id")
        long append(@Bind("session") long sessionId, @Bind("task") long taskId, @Bind("kind") String kind,
                    @Bind("body") String body, @Bind("done") Long done, @Bind("total") Long total, @Bind("by") Long byUserId,
                    @Bind("byName") String byUsername, @Bind("agent") String agentName, @Bind("at") OffsetDateTime at);

        @SqlQuery("SELECT id FROM session_activities WHERE session_id = :session ORDER BY id DESC "
                + "OFFSET :keep ROWS FETCH FIRST 1 ROWS ONLY")
        Optional<Long> firstBeyondKept(@Bind("session") long sessionId, @Bind("keep") int keep);

        @SqlUpdate("DELETE FROM session_activities WHERE session_id = :session AND id <= :upTo")
        int dropUpTo(@Bind("session") long sessionId, @Bind("upTo") long upTo);

        @SqlQuery("SELECT " + ACTIVITY_COLUMNS + " FROM session_activities WHERE task_id = :task AND id > :after "
                + "ORDER BY id FETCH FIRST :limit ROWS ONLY")
        List<Activity> activities(@Bind("task") long taskId, @Bind("after") long after, @Bind("limit") int limit);

        @SqlQuery("SELECT " + ACTIVITY_COLUMNS + " FROM session_activities WHERE task_id = :task "
                + "ORDER BY id DESC FETCH FIRST :limit ROWS ONLY")
        List<Activity> latestActivities(@Bind("task") long taskId, @Bind("limit") int limit);

        @SqlQuery("SELECT a.id FROM session_activities a JOIN agent_sessions s ON s.id = a.session_id "
                + "WHERE s.ended_at < :before ORDER BY a.id FETCH FIRST :limit ROWS ONLY")
        List<Long> prunable(@Bind("before") OffsetDateTime endedBefore, @Bind("limit") int limit);

        @SqlUpdate("DELETE FROM session_activities WHERE id IN (<ids>)")
        int deleteActivities(@org.jdbi.v3.sqlobject.customizer.BindList("ids") List<Long> ids);

        static OffsetDateTime ts(Instant instant) {
            return instant == null ? null : TaskRows.timestamp(instant);
        }

        /** A session row. */
        final class SessionRow implements RowMapper<AgentSession> {
            static final SessionRow INSTANCE = new SessionRow();

            @Override
            public AgentSession map(ResultSet row, StatementContext context) throws SQLException {
                return read(row);
            }

            /** A session's row, read by column index ({@link TaskRows.ColumnOrder}). */
            static AgentSession read(ResultSet row) throws SQLException {
                int[] at = ORDER.in(row); // SESSION_COLUMNS' order
                Long stopBy = TaskRows.nullableLong(row, at[10]);
                StopRequest stop = stopBy == null ? null : new StopRequest(UserId.of(stopBy),
                        row.getString(at[11]), row.getString(at[12]), TaskRows.instant(row, at[13]));
                String end = row.getString(at[15]);
                return new AgentSession(row.getLong(at[0]), TaskId.of(row.getLong(at[1])),
                        BoardId.of(row.getLong(at[2])), row.getString(at[3]), row.getString(at[4]),
                        UserId.of(row.getLong(at[5])), TaskRows.instant(row, at[6]), TaskRows.instant(row, at[7]),
                        TaskRows.instant(row, at[8]), row.getLong(at[9]), stop, TaskRows.instant(row, at[14]),
                        end == null ? null : Arrays.stream(SessionEnd.values()).filter(e -> e.code().equals(end))
                                .findFirst().orElseThrow(), row.getLong(at[16]), row.getLong(at[17]),
                        row.getLong(at[18]));
            }

            private static final TaskRows.ColumnOrder ORDER = new TaskRows.ColumnOrder(SESSION_COLUMNS);
        }

        /** An activity row. */
        final class ActivityRow implements RowMapper<Activity> {
            @Override
            public Activity map(ResultSet row, StatementContext context) throws SQLException {
                Long done = TaskRows.nullableLong(row, "progress_done");
                Long by = TaskRows.nullableLong(row, "by_user_id");
                return new Activity(row.getLong("id"), row.getLong("session_id"), TaskId.of(row.getLong("task_id")),
                        ActivityKind.ofCode(row.getString("kind")).orElseThrow(), row.getString("body"),
                        done == null ? null : new Progress(done, TaskRows.nullableLong(row, "progress_total")),
                        by == null ? null : UserId.of(by), row.getString("by_username"), row.getString("agent_name"),
                        TaskRows.instant(row, "posted_at"));
            }
        }
    }
}
