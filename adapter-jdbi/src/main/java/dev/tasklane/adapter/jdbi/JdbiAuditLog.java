package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.audit.AuditEntry.Credential;
import dev.tasklane.domain.audit.AuditEntry.Outcome;
import dev.tasklane.domain.audit.AuditEntry.Target;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The audit log over JDBI, in the caller's transaction: one row per entry in {@code audit_log}
 * ({@code V97__audit_log.sql}), read newest first with the filters as a WHERE clause, pruned by age.
 */
final class JdbiAuditLog implements AuditLog {
    private static final String COLUMNS = "id, at, action, user_id, username, credential_kind, credential_id, "
            + "credential_name, board_id, object_type, object_id, address, outcome, code, detail";
    private static final RowMapper<AuditEntry> ROW = JdbiAuditLog::entry;

    private final JdbiTransactions transactions;

    JdbiAuditLog(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    /**
     * Leaves a task update the transaction deferred pending: the entry reads no task, and on PostgreSQL the update
     * is still written with the events by the unit of work's last statement.
     */
    @Override
    public AuditEntry append(AuditEntry entry) {
        long id = transactions.withHandleKeepingUpdate(handle -> handle.createUpdate("INSERT INTO audit_log (at, action, user_id, "
                        + "username, credential_kind, credential_id, credential_name, board_id, object_type, object_id, "
                        + "address, outcome, code, detail) VALUES (:at, :action, :user, :username, :kind, :credentialId, "
                        + ":credentialName, :board, :objectType, :objectId, :address, :outcome, :code, :detail)")
                .bind("at", TaskRows.timestamp(entry.at()))
                .bind("action", entry.action().wire())
                .bind("user", entry.userId() == null ? null : entry.userId().value())
                .bind("username", entry.username())
                .bind("kind", entry.credential().kind().wire())
                .bind("credentialId", entry.credential().number())
                .bind("credentialName", entry.credential().name())
                .bind("board", entry.boardId() == null ? null : entry.boardId().value())
                .bind("objectType", entry.target() == null ? null : entry.target().type())
                .bind("objectId", entry.target() == null ? null : entry.target().id())
                .bind("address", entry.address())
                .bind("outcome", entry.outcome().wire())
                .bind("code", entry.code())
                .bind("detail", entry.detail())
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
        return entry.withSequence(id);
    }

    @Override
    public List<AuditEntry> find(AuditLog.Query query) {
        List<String> where = new ArrayList<>();
        Map<String, Object> values = new LinkedHashMap<>();
        condition(where, values, "action", query.action() == null ? null : query.action().wire(), "action = :action");
        condition(where, values, "user", query.userId() == null ? null : query.userId().value(), "user_id = :user");
        condition(where, values, "username", query.username(), "username = :username");
        condition(where, values, "board", query.boardId() == null ? null : query.boardId().value(), "board_id = :board");
        condition(where, values, "objectType", query.objectType(), "object_type = :objectType");
        condition(where, values, "objectId", query.objectId(), "object_id = :objectId");
        condition(where, values, "since", query.since() == null ? null : TaskRows.timestamp(query.since()), "at >= :since");
        condition(where, values, "until", query.until() == null ? null : TaskRows.timestamp(query.until()), "at < :until");
        condition(where, values, "before", query.before(), "id < :before");
        String sql = "SELECT " + COLUMNS + " FROM audit_log" + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " ORDER BY id DESC LIMIT :limit";
        return transactions.withHandle(handle -> {
            org.jdbi.v3.core.statement.Query select = handle.createQuery(sql).bind("limit", query.limit());
            values.forEach(select::bind);
            return select.map(ROW).list();
        });
    }

    private static void condition(List<String> where, Map<String, Object> values, String name, Object value,
                                  String clause) {
        if (value != null) {
            where.add(clause);
            values.put(name, value);
        }
    }

    /**
     * Two statements: the number of the batch's last entry, then the delete of the entries up to it. One
     * {@code DELETE ... WHERE id IN (SELECT ... LIMIT)} costs H2 the subquery again for every row it looks at: 5.6 s
     * a batch of 500 in a table of 50,000 entries, where these take milliseconds.
     */
    @Override
    public int pruneBefore(Instant cutoff, int max) {
        return transactions.withHandle(handle -> {
            Long last = handle.createQuery("SELECT MAX(id) FROM (SELECT id FROM audit_log WHERE at < :cutoff ORDER BY id "
                            + "LIMIT :max) batch")
                    .bind("cutoff", TaskRows.timestamp(cutoff)).bind("max", max).mapTo(Long.class).one();
            if (last == null) {
                return 0;
            }
            return handle.createUpdate("DELETE FROM audit_log WHERE id <= :last AND at < :cutoff")
                    .bind("last", last).bind("cutoff", TaskRows.timestamp(cutoff)).execute();
        });
    }

    private static AuditEntry entry(ResultSet row, StatementContext context) throws SQLException {
        long userId = row.getLong("user_id");
        UserId user = row.wasNull() ? null : UserId.of(userId);
        long credentialId = row.getLong("credential_id");
        Long credential = row.wasNull() ? null : credentialId;
        long boardId = row.getLong("board_id");
        BoardId board = row.wasNull() ? null : BoardId.of(boardId);
        String objectType = row.getString("object_type");
        return new AuditEntry(row.getLong("id"), row.getObject("at", OffsetDateTime.class).toInstant(),
                AuditAction.ofWire(row.getString("action")).orElseThrow(() -> unknown("action", row)),
                user, row.getString("username"),
                new Credential(Credential.Kind.ofWire(row.getString("credential_kind"))
                        .orElseThrow(() -> unknown("credential_kind", row)), credential, row.getString("credential_name")),
                board, objectType == null ? null : new Target(objectType, row.getString("object_id")),
                row.getString("address"),
                Outcome.valueOf(row.getString("outcome").toUpperCase(Locale.ROOT)), row.getString("code"),
                row.getString("detail"));
    }

    private static IllegalStateException unknown(String column, ResultSet row) {
        try {
            return new IllegalStateException("audit_log row " + row.getLong("id") + " has an unknown " + column
                    + " (written by a newer server?)");
        } catch (SQLException unreadable) {
            return new IllegalStateException("audit_log row with an unknown " + column);
        }
    }
}
