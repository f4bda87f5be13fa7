package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.WebSession;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Optional;

/** The web sessions' SQL, attached to the current transaction's handle. */
@RegisterRowMapper(SessionDao.SessionRow.class)
interface SessionDao {
    @SqlUpdate("INSERT INTO web_sessions (secret_hash, user_id, csrf_token, created_at, expires_at) "
            + "VALUES (:hash, :user, :csrf, :createdAt, :expiresAt)")
    @GetGeneratedKeys("id")
    long insert(@Bind("hash") String secretHash, @Bind("user") UserId userId, @Bind("csrf") String csrfToken,
                @Bind("createdAt") OffsetDateTime createdAt, @Bind("expiresAt") OffsetDateTime expiresAt);

    @SqlQuery("SELECT id, secret_hash, user_id, csrf_token, created_at, expires_at FROM web_sessions WHERE secret_hash = :hash")
    Optional<WebSession> byHash(@Bind("hash") String secretHash);

    @SqlUpdate("UPDATE web_sessions SET expires_at = :expiresAt WHERE id = :id")
    int extend(@Bind("id") long id, @Bind("expiresAt") OffsetDateTime expiresAt);

    @SqlUpdate("DELETE FROM web_sessions WHERE id = :id")
    int delete(@Bind("id") long id);

    @SqlUpdate("DELETE FROM web_sessions WHERE user_id = :user")
    int deleteOf(@Bind("user") UserId userId);

    @SqlUpdate("DELETE FROM web_sessions WHERE expires_at <= :now")
    int deleteExpired(@Bind("now") OffsetDateTime now);

    /** A session row. */
    final class SessionRow implements RowMapper<WebSession> {
        @Override
        public WebSession map(ResultSet row, StatementContext context) throws SQLException {
            return new WebSession(row.getLong("id"), row.getString("secret_hash"), UserId.of(row.getLong("user_id")),
                    row.getString("csrf_token"), row.getObject("created_at", OffsetDateTime.class).toInstant(),
                    row.getObject("expires_at", OffsetDateTime.class).toInstant());
        }
    }
}
