package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
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
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The directory's SQL, as a JDBI SQL object attached to the current transaction's handle. */
@RegisterRowMapper(DirectoryDao.UserRow.class)
@RegisterRowMapper(DirectoryDao.TokenRow.class)
@RegisterRowMapper(DirectoryDao.MembershipRow.class)
interface DirectoryDao {
    String USER = "SELECT id, username, display_name, password_hash, role, created_at, disabled_at, "
            + "password_change_required FROM users ";
    String TOKEN = "SELECT id, name, token_hash, user_id, board_id, capabilities, agent_model, reviewer, scopes, created_at, "
            + "expires_at, revoked_at, last_used_at, last_agent_name FROM api_tokens ";
    String TOKEN_VALUES = ":name, :hash, :userId, :boardId, :capabilities, :agentModel, :reviewer, :scopes, :createdAt, "
            + ":expiresAt, :revokedAt, :lastUsedAt, :lastAgentName";

    @SqlUpdate("INSERT INTO users (username, display_name, password_hash, role, created_at, disabled_at, "
            + "password_change_required) "
            + "VALUES (:username, :displayName, :passwordHash, :role, :createdAt, :disabledAt, :changeRequired)")
    @GetGeneratedKeys("id")
    UserId insertUser(@Bind("username") String username, @Bind("displayName") String displayName,
                    @Bind("passwordHash") String passwordHash, @Bind("role") String role,
                    @Bind("createdAt") OffsetDateTime createdAt, @Bind("disabledAt") OffsetDateTime disabledAt,
                    @Bind("changeRequired") boolean passwordChangeRequired);

    @SqlQuery(USER + "WHERE id = :id")
    Optional<User> userById(@Bind("id") UserId id);

    @SqlQuery(USER + "WHERE username = :username")
    Optional<User> userByUsername(@Bind("username") String username);

    @SqlQuery(USER + "ORDER BY id")
    List<User> users();

    @SqlQuery("SELECT EXISTS (SELECT 1 FROM users)")
    boolean hasUsers();

    @SqlUpdate("INSERT INTO boards (name) VALUES (:name)")
    @GetGeneratedKeys("id")
    BoardId insertBoard(@Bind("name") String name);

    @SqlUpdate("INSERT INTO board_columns (board_id, name) VALUES (:board, :name)")
    @GetGeneratedKeys("id")
    long insertColumn(@Bind("board") BoardId boardId, @Bind("name") String column);

    @SqlQuery("SELECT id FROM boards WHERE name = :name")
    Optional<BoardId> boardIdByName(@Bind("name") String name);

    @SqlQuery("SELECT name FROM boards WHERE id = :id")
    Optional<String> boardName(@Bind("id") BoardId id);

    @SqlQuery("SELECT b.id FROM boards b JOIN memberships m ON m.board_id = b.id WHERE m.user_id = :user ORDER BY b.id")
    List<BoardId> boardIdsOf(@Bind("user") UserId userId);

    @SqlQuery("SELECT name, id FROM board_columns WHERE board_id = :board")
    @RegisterRowMapper(ColumnRow.class)
    List<ColumnRow.Entry> columns(@Bind("board") BoardId boardId);

    /**
     * A board's name with one row per column (the column null for a board without columns): one statement (binds
     * :id). Run through the fluent API ({@link JdbiDirectoryStore#boardById}), since every request reads it.
     */
    String BOARD_WITH_COLUMNS = "SELECT b.name AS board_name, c.name, c.id FROM boards b "
            + "LEFT JOIN board_columns c ON c.board_id = b.id WHERE b.id = :id";

    @SqlUpdate("DELETE FROM memberships WHERE board_id = :board AND user_id = :user")
    void deleteMembership(@Bind("board") BoardId boardId, @Bind("user") UserId userId);

    @SqlUpdate("INSERT INTO memberships (board_id, user_id, access) VALUES (:board, :user, :access)")
    void insertMembership(@Bind("board") BoardId boardId, @Bind("user") UserId userId, @Bind("access") String access);

    @SqlQuery("SELECT board_id, user_id, access FROM memberships WHERE board_id = :board AND user_id = :user")
    Optional<Membership> membership(@Bind("board") BoardId boardId, @Bind("user") UserId userId);

    @SqlUpdate("INSERT INTO api_tokens (name, token_hash, user_id, board_id, capabilities, agent_model, reviewer, "
            + "scopes, created_at, expires_at, revoked_at, last_used_at, last_agent_name) VALUES (" + TOKEN_VALUES + ")")
    @GetGeneratedKeys("id")
    long insertToken(@Bind("name") String name, @Bind("hash") String hash, @Bind("userId") UserId userId,
                     @Bind("boardId") BoardId boardId, @Bind("capabilities") String capabilities,
                     @Bind("agentModel") String agentModel, @Bind("reviewer") boolean reviewer,
                     @Bind("scopes") String scopes, @Bind("createdAt") OffsetDateTime createdAt, @Bind("expiresAt") OffsetDateTime expiresAt,
                     @Bind("revokedAt") OffsetDateTime revokedAt, @Bind("lastUsedAt") OffsetDateTime lastUsedAt,
                     @Bind("lastAgentName") String lastAgentName);

    @SqlUpdate("UPDATE api_tokens SET name = :name, token_hash = :hash, user_id = :userId, board_id = :boardId, "
            + "capabilities = :capabilities, agent_model = :agentModel, reviewer = :reviewer, scopes = :scopes, created_at = :createdAt, "
            + "expires_at = :expiresAt, revoked_at = :revokedAt, last_used_at = :lastUsedAt, "
            + "last_agent_name = :lastAgentName WHERE id = :id")
    int updateToken(@Bind("id") long id, @Bind("name") String name, @Bind("hash") String hash,
                    @Bind("userId") UserId userId, @Bind("boardId") BoardId boardId,
                    @Bind("capabilities") String capabilities, @Bind("agentModel") String agentModel,
                    @Bind("reviewer") boolean reviewer, @Bind("scopes") String scopes,
                    @Bind("createdAt") OffsetDateTime createdAt,
                    @Bind("expiresAt") OffsetDateTime expiresAt, @Bind("revokedAt") OffsetDateTime revokedAt,
                    @Bind("lastUsedAt") OffsetDateTime lastUsedAt, @Bind("lastAgentName") String lastAgentName);

    @SqlUpdate("UPDATE api_tokens SET last_used_at = :at, last_agent_name = COALESCE(:agentName, last_agent_name) "
            + "WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :unlessUsedSince)")
    int touchToken(@Bind("id") long id, @Bind("at") OffsetDateTime at, @Bind("agentName") String agentName,
                   @Bind("unlessUsedSince") OffsetDateTime unlessUsedSince);

    @SqlQuery(TOKEN + "WHERE id = :id")
    Optional<ApiToken> tokenById(@Bind("id") long id);

    @SqlQuery(TOKEN + "WHERE token_hash = :hash")
    Optional<ApiToken> tokenByHash(@Bind("hash") String hash);

    /**
     * The token with this hash, its user, its board with one row per column, and the user's access to the board:
     * what authenticating a request needs, as one statement (the token's unique hash index, then primary keys;
     * binds :hash). Run through the fluent API ({@link JdbiDirectoryStore#credentialsByTokenHash}), since every
     * request runs it.
     */
    String CREDENTIALS_BY_TOKEN_HASH = "SELECT t.id, t.name, t.token_hash, t.user_id, t.board_id, t.capabilities, t.agent_model, t.reviewer, t.scopes, "
            + "t.created_at, t.expires_at, t.revoked_at, t.last_used_at, t.last_agent_name, "
            + "u.username AS u_username, u.display_name AS u_display_name, u.password_hash AS u_password_hash, "
            + "u.role AS u_role, u.created_at AS u_created_at, u.disabled_at AS u_disabled_at, "
            + "u.password_change_required AS u_password_change_required, "
            + "b.name AS b_name, c.name AS c_name, c.id AS c_id, m.access AS m_access "
            + "FROM api_tokens t JOIN users u ON u.id = t.user_id JOIN boards b ON b.id = t.board_id "
            + "LEFT JOIN board_columns c ON c.board_id = b.id "
            + "LEFT JOIN memberships m ON m.board_id = b.id AND m.user_id = u.id "
            + "WHERE t.token_hash = :hash";

    @SqlQuery(TOKEN + "WHERE user_id = :user ORDER BY id")
    List<ApiToken> tokensOf(@Bind("user") UserId userId);

    @SqlQuery(TOKEN + "ORDER BY id")
    List<ApiToken> allTokens();

    @SqlUpdate("UPDATE users SET username = :username, display_name = :displayName, password_hash = :passwordHash, "
            + "role = :role, created_at = :createdAt, disabled_at = :disabledAt, "
            + "password_change_required = :changeRequired WHERE id = :id")
    int updateUser(@Bind("id") UserId id, @Bind("username") String username, @Bind("displayName") String displayName,
                   @Bind("passwordHash") String passwordHash, @Bind("role") String role,
                   @Bind("createdAt") OffsetDateTime createdAt, @Bind("disabledAt") OffsetDateTime disabledAt,
                   @Bind("changeRequired") boolean passwordChangeRequired);

    @SqlQuery("SELECT id FROM boards ORDER BY id")
    List<BoardId> allBoardIds();

    @SqlUpdate("UPDATE boards SET name = :name WHERE id = :id")
    int renameBoard(@Bind("id") BoardId id, @Bind("name") String name);

    @SqlQuery("SELECT board_id, user_id, access FROM memberships WHERE board_id = :board ORDER BY user_id")
    List<Membership> members(@Bind("board") BoardId boardId);

    @SqlUpdate("DELETE FROM memberships WHERE board_id = :board AND user_id = :user")
    int removeMembership(@Bind("board") BoardId boardId, @Bind("user") UserId userId);

    // ---- row mappers ----------------------------------------------------------------------------------

    /** A user row. */
    final class UserRow implements RowMapper<User> {
        @Override
        public User map(ResultSet row, StatementContext context) throws SQLException {
            return new User(UserId.of(row.getLong("id")), row.getString("username"), row.getString("display_name"),
                    row.getString("password_hash"), Role.valueOf(row.getString("role")),
                    TaskRows.instant(row, "created_at"), TaskRows.instant(row, "disabled_at"), row.getBoolean("password_change_required"));
        }
    }

    /** A membership row. */
    final class MembershipRow implements RowMapper<Membership> {
        @Override
        public Membership map(ResultSet row, StatementContext context) throws SQLException {
            return new Membership(BoardId.of(row.getLong("board_id")), UserId.of(row.getLong("user_id")), Access.valueOf(row.getString("access")));
        }
    }

    /** A column id by column name. */
    final class ColumnRow implements RowMapper<ColumnRow.Entry> {
        record Entry(String name, long id) {
        }

        @Override
        public Entry map(ResultSet row, StatementContext context) throws SQLException {
            return new Entry(row.getString("name"), row.getLong("id"));
        }
    }

    /** One row of {@link #BOARD_WITH_COLUMNS}. */
    final class BoardColumnRow implements RowMapper<BoardColumnRow.Entry> {
        record Entry(String boardName, String column, long columnId) {
        }

        @Override
        public Entry map(ResultSet row, StatementContext context) throws SQLException {
            return new Entry(row.getString("board_name"), row.getString("name"), row.getLong("id"));
        }
    }

    /** One row of {@link #CREDENTIALS_BY_TOKEN_HASH}: the token, its user, and one column of its board. */
    final class CredentialsRow implements RowMapper<CredentialsRow.Entry> {
        record Entry(ApiToken token, User user, String boardName, String column, long columnId, Access access) {
        }

        private final TokenRow tokens = new TokenRow();

        @Override
        public Entry map(ResultSet row, StatementContext context) throws SQLException {
            ApiToken token = tokens.map(row, context);
            User user = new User(token.userId(), row.getString("u_username"), row.getString("u_display_name"),
                    row.getString("u_password_hash"), Role.valueOf(row.getString("u_role")),
                    TaskRows.instant(row, "u_created_at"), TaskRows.instant(row, "u_disabled_at"),
                    row.getBoolean("u_password_change_required"));
            String access = row.getString("m_access");
            return new Entry(token, user, row.getString("b_name"), row.getString("c_name"), row.getLong("c_id"),
                    access == null ? null : Access.valueOf(access));
        }
    }

    /** A token row; capabilities are stored as a comma-separated list of constant names. */
    final class TokenRow implements RowMapper<ApiToken> {
        @Override
        public ApiToken map(ResultSet row, StatementContext context) throws SQLException {
            return new ApiToken(row.getLong("id"), row.getString("name"), row.getString("token_hash"),
                    UserId.of(row.getLong("user_id")), BoardId.of(row.getLong("board_id")), capabilities(row.getString("capabilities")),
                    row.getString("agent_model"), scopes(row.getString("scopes"), row.getBoolean("reviewer")), TaskRows.instant(row, "created_at"),
                    TaskRows.instant(row, "expires_at"), TaskRows.instant(row, "revoked_at"), TaskRows.instant(row, "last_used_at"),
                    row.getString("last_agent_name"));
        }
    }

    /** Scopes are stored as a comma-separated list of their labels ({@code tasks:read,tasks:work}). */
    static String scopes(Set<Scope> scopes) {
        return scopes.stream().sorted().map(Scope::label).collect(Collectors.joining(","));
    }

    static Set<Scope> scopes(String text, boolean reviewer) {
        if (text == null || text.isEmpty()) {
            return ApiToken.scopesOf(reviewer);
        }
        Set<Scope> set = EnumSet.noneOf(Scope.class);
        for (String label : text.split(",")) {
            set.add(Scope.ofLabel(label).orElseThrow(() -> new IllegalStateException("unknown scope " + label)));
        }
        return set;
    }

    static String capabilities(Set<Capability> capabilities) {
        return capabilities.stream().map(Enum::name).sorted().collect(Collectors.joining(","));
    }

    static Set<Capability> capabilities(String text) {
        Set<Capability> set = EnumSet.noneOf(Capability.class);
        if (text != null && !text.isEmpty()) {
            Arrays.stream(text.split(",")).map(Capability::valueOf).forEach(set::add);
        }
        return set;
    }

    static OffsetDateTime timestamp(Instant instant) {
        return TaskRows.timestamp(instant);
    }

}
