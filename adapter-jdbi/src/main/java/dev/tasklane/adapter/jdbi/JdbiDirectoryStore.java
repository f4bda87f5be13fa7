package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.TokenStore.Credentials;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Status;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Users, boards, memberships and tokens over JDBI ({@link DirectoryDao}), in the caller's transaction. The two
 * lookups every request makes (its credentials, and the board of the tasks it answers) run through the fluent API
 * instead of the SQL object: attaching {@link DirectoryDao} to a transaction builds a handler for each of its
 * methods, which the claim profile showed costing more CPU than the statements (bench/history/rounds.md, "What
 * bounds the claim throughput"). Recently used credentials and boards are kept in its {@link DirectoryCache}.
 */
final class JdbiDirectoryStore implements DirectoryStore {
    private static final DirectoryDao.BoardColumnRow BOARD_COLUMNS = new DirectoryDao.BoardColumnRow();
    private static final DirectoryDao.CredentialsRow CREDENTIALS = new DirectoryDao.CredentialsRow();

    /** The channel on which a change to the directory is announced to the other servers ({@link PostgresEventRelay}). */
    static final String CHANNEL = "tasklane_directory";
    private static final String NOTIFY = "SELECT pg_notify('" + CHANNEL + "', '')";

    private final JdbiTransactions transactions;
    private final boolean notify;
    private final DirectoryCache cache = new DirectoryCache();

    /** @param notify whether a change is announced to the other servers with {@code NOTIFY} (PostgreSQL) */
    JdbiDirectoryStore(JdbiTransactions transactions, boolean notify) {
        this.transactions = transactions;
        this.notify = notify;
    }

    /** The cache of credentials and boards ({@link #cachedCredentials}, {@link #boardById}). */
    DirectoryCache cache() {
        return cache;
    }

    /**
     * A write of this transaction changes the directory: the credential cache is emptied now and again when the
     * transaction ends (so that nothing read before the commit stays), and on PostgreSQL the other servers are told
     * at the commit, once per transaction.
     */
    private void changed(org.jdbi.v3.core.Handle handle) {
        cache.clear();
        if (transactions.atEnd(CHANNEL, cache::clear) && notify) {
            handle.createQuery(NOTIFY).mapTo(String.class).one();
        }
    }

    private <T> T write(Function<DirectoryDao, T> work) {
        return transactions.withHandle(handle -> {
            changed(handle);
            return dao(work);
        });
    }

    /**
     * Runs an insert guarded by a unique constraint: when a concurrent transaction inserted the same key first
     * (the check before the insert could not see it), the violation becomes {@code conflict}.
     */
    private static <I> I unique(java.util.function.Supplier<I> insert, java.util.function.Supplier<ConflictException> conflict) {
        try {
            return insert.get();
        } catch (org.jdbi.v3.core.JdbiException clash) {
            if (SqlFailures.UNIQUE_VIOLATION.equals(SqlFailures.sqlState(clash))) {
                throw conflict.get();
            }
            throw clash;
        }
    }

    private <T> T dao(Function<DirectoryDao, T> work) {
        return transactions.withDao(DirectoryDao.class, work);
    }

    @Override
    public User insertUser(User user) {
        return write(dao -> {
            if (dao.userByUsername(user.username()).isPresent()) {
                throw new ConflictException("duplicate_username", "User " + user.username() + " already exists.");
            }
            UserId id = unique(() -> dao.insertUser(user.username(), user.displayName(), user.passwordHash(),
                    user.role().name(), DirectoryDao.timestamp(user.createdAt()), DirectoryDao.timestamp(user.disabledAt()),
                    user.passwordChangeRequired()),
                    () -> new ConflictException("duplicate_username", "User " + user.username() + " already exists."));
            return user.withId(id);
        });
    }

    @Override
    public Optional<User> userById(UserId id) {
        return dao(dao -> dao.userById(id));
    }

    @Override
    public Optional<User> userByUsername(String username) {
        return dao(dao -> dao.userByUsername(username));
    }

    @Override
    public List<User> users() {
        return dao(DirectoryDao::users);
    }

    @Override
    public Board insertBoard(String name) {
        return write(dao -> {
            if (dao.boardIdByName(name).isPresent()) {
                throw new ConflictException("duplicate_board", "Board " + name + " already exists.");
            }
            BoardId id = unique(() -> dao.insertBoard(name),
                    () -> new ConflictException("duplicate_board", "Board " + name + " already exists."));
            Map<Status, Long> columnIds = new EnumMap<>(Status.class);
            for (Status column : Status.values()) {
                columnIds.put(column, dao.insertColumn(id, storedColumnName(column)));
            }
            return new Board(id, name, columnIds);
        });
    }

    @Override
    public Optional<Board> boardById(BoardId id) {
        return cache.board(id, () -> readBoard(id));
    }

    private Optional<Board> readBoard(BoardId id) {
        List<DirectoryDao.BoardColumnRow.Entry> rows = transactions.withHandle(handle -> handle
                .createQuery(DirectoryDao.BOARD_WITH_COLUMNS).bind("id", id).map(BOARD_COLUMNS).list());
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Map<Status, Long> columnIds = new EnumMap<>(Status.class);
        for (DirectoryDao.BoardColumnRow.Entry row : rows) {
            if (row.column() != null) {
                columnIds.put(columnNamed(row.column()), row.columnId());
            }
        }
        return Optional.of(new Board(id, rows.get(0).boardName(), columnIds));
    }

    @Override
    public Optional<Board> boardByName(String name) {
        return dao(dao -> dao.boardIdByName(name).map(id -> board(dao, id, name)));
    }

    @Override
    public List<Board> boardsOf(UserId userId) {
        return dao(dao -> dao.boardIdsOf(userId).stream()
                .map(id -> board(dao, id, dao.boardName(id).orElseThrow()))
                .toList());
    }

    /** The name a column row stores for a status's column: READY, DOING, REVIEW or DONE. */
    private static String storedColumnName(Status column) {
        return column.columnName().toUpperCase(Locale.ROOT);
    }

    private static Status columnNamed(String stored) {
        return Status.byColumnName(stored).orElseThrow(() -> new IllegalStateException("unknown column " + stored));
    }

    private static Board board(DirectoryDao dao, BoardId id, String name) {
        Map<Status, Long> columnIds = new EnumMap<>(Status.class);
        dao.columns(id).forEach(column -> columnIds.put(columnNamed(column.name()), column.id()));
        return new Board(id, name, columnIds);
    }

    @Override
    public Membership putMembership(Membership membership) {
        return write(dao -> {
            dao.deleteMembership(membership.boardId(), membership.userId());
            dao.insertMembership(membership.boardId(), membership.userId(), membership.access().name());
            return membership;
        });
    }

    @Override
    public Optional<Membership> membership(BoardId boardId, UserId userId) {
        return dao(dao -> dao.membership(boardId, userId));
    }

    @Override
    public ApiToken insertToken(ApiToken token) {
        return write(dao -> {
            if (dao.tokenByHash(token.tokenHash()).isPresent()) {
                throw new ConflictException("duplicate_token", "A token with this hash already exists.");
            }
            long id = dao.insertToken(token.name(), token.tokenHash(), token.userId(), token.boardId(),
                    DirectoryDao.capabilities(token.capabilities()), token.agentModel(), token.reviewer(),
                    DirectoryDao.scopes(token.scopes()),
                    DirectoryDao.timestamp(token.createdAt()), DirectoryDao.timestamp(token.expiresAt()),
                    DirectoryDao.timestamp(token.revokedAt()), DirectoryDao.timestamp(token.lastUsedAt()),
                    token.lastAgentName());
            return token.withId(id);
        });
    }

    @Override
    public ApiToken updateToken(ApiToken token) {
        return write(dao -> {
            int changed = dao.updateToken(token.id(), token.name(), token.tokenHash(), token.userId(), token.boardId(),
                    DirectoryDao.capabilities(token.capabilities()), token.agentModel(), token.reviewer(),
                    DirectoryDao.scopes(token.scopes()),
                    DirectoryDao.timestamp(token.createdAt()), DirectoryDao.timestamp(token.expiresAt()),
                    DirectoryDao.timestamp(token.revokedAt()), DirectoryDao.timestamp(token.lastUsedAt()),
                    token.lastAgentName());
            if (changed == 0) {
                throw new NotFoundException("token_not_found", "Token " + token.id() + " does not exist.");
            }
            return token;
        });
    }

    @Override
    public boolean touchToken(long tokenId, Instant at, String agentName, Instant unlessUsedSince) {
        return dao(dao -> dao.touchToken(tokenId, DirectoryDao.timestamp(at), agentName,
                DirectoryDao.timestamp(unlessUsedSince)) == 1);
    }

    @Override
    public Optional<ApiToken> tokenById(long tokenId) {
        return dao(dao -> dao.tokenById(tokenId));
    }

    @Override
    public Optional<ApiToken> tokenByHash(String tokenHash) {
        return dao(dao -> dao.tokenByHash(tokenHash));
    }

    @Override
    public Optional<Credentials> cachedCredentials(String tokenHash) {
        return cache.fresh(tokenHash);
    }

    /** Read from the database, and kept for {@link #cachedCredentials} ({@link DirectoryCache}). */
    @Override
    public Optional<Credentials> credentialsByTokenHash(String tokenHash) {
        return cache.load(tokenHash, () -> readCredentials(tokenHash));
    }

    private Optional<Credentials> readCredentials(String tokenHash) {
        List<DirectoryDao.CredentialsRow.Entry> rows = transactions.withHandle(handle -> handle
                .createQuery(DirectoryDao.CREDENTIALS_BY_TOKEN_HASH).bind("hash", tokenHash).map(CREDENTIALS).list());
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        DirectoryDao.CredentialsRow.Entry first = rows.get(0);
        Map<Status, Long> columnIds = new EnumMap<>(Status.class);
        for (DirectoryDao.CredentialsRow.Entry row : rows) {
            if (row.column() != null) {
                columnIds.put(columnNamed(row.column()), row.columnId());
            }
        }
        Board board = new Board(first.token().boardId(), first.boardName(), columnIds);
        return Optional.of(new Credentials(first.token(), first.user(), board, first.access()));
    }

    @Override
    public List<ApiToken> tokens(Optional<UserId> userId) {
        return dao(dao -> userId.isEmpty() ? dao.allTokens() : dao.tokensOf(userId.get()));
    }

    @Override
    public boolean hasUsers() {
        return dao(DirectoryDao::hasUsers);
    }

    @Override
    public User updateUser(User user) {
        return write(dao -> {
            dao.userByUsername(user.username()).filter(other -> !other.id().equals(user.id())).ifPresent(other -> {
                throw new ConflictException("duplicate_username", "User " + user.username() + " already exists.");
            });
            int changed = dao.updateUser(user.id(), user.username(), user.displayName(), user.passwordHash(),
                    user.role().name(), DirectoryDao.timestamp(user.createdAt()), DirectoryDao.timestamp(user.disabledAt()),
                    user.passwordChangeRequired());
            if (changed == 0) {
                throw new NotFoundException("user_not_found", "User " + user.id() + " does not exist.");
            }
            return user;
        });
    }

    @Override
    public List<Board> boards() {
        return dao(dao -> dao.allBoardIds().stream().map(id -> board(dao, id, dao.boardName(id).orElseThrow())).toList());
    }

    @Override
    public Board renameBoard(BoardId boardId, String name) {
        return write(dao -> {
            dao.boardIdByName(name).filter(other -> !other.equals(boardId)).ifPresent(other -> {
                throw new ConflictException("duplicate_board", "Board " + name + " already exists.");
            });
            if (dao.renameBoard(boardId, name) == 0) {
                throw new NotFoundException("board_not_found", "Board " + boardId + " does not exist.");
            }
            return board(dao, boardId, name);
        });
    }

    @Override
    public List<Membership> members(BoardId boardId) {
        return dao(dao -> dao.members(boardId));
    }

    @Override
    public boolean deleteMembership(BoardId boardId, UserId userId) {
        return write(dao -> dao.removeMembership(boardId, userId) > 0);
    }

    /**
     * The credentials of recently used tokens (token, user, board, access), so that a request authenticates without
     * a statement (docs/operations.md, "Authentication cache"), and the boards with their columns that use cases read
     * by id, so that a claim or a completion does not read its board again. Both are entries of one kind. An entry lives at most {@link #lifetime()}; every
     * change to the directory empties the cache, on this server when the changing transaction ends and on the others
     * through the relay's {@code tasklane_directory} notification ({@link PostgresEventRelay}), so a revoked token
     * fails at once on every server whose listener is connected and within the lifetime on any other.
     *
     * <p>A read that started before an emptying is not kept: each empties raises a generation, and a loaded entry is
     * stored only if the generation did not move while it was read, so that a read racing a revocation cannot put the
     * revoked credentials back after the emptying.
     */
    static final class DirectoryCache {
        /** The longest a cached entry answers; a revocation empties the cache sooner (see the class). */
        static final Duration DEFAULT_LIFETIME = Duration.ofSeconds(1);
        /** The most entries kept; past it the cache is emptied (one statement per token then refills it). */
        static final int MAX_ENTRIES = 10_000;

        private record Entry(Object value, long loadedAtNanos) {
        }

        /** The key of a board's entry (credentials are keyed by their token's hash, a string). */
        private record BoardKey(BoardId id) {
        }

        private final ConcurrentHashMap<Object, Entry> entries = new ConcurrentHashMap<>();
        private final AtomicLong generation = new AtomicLong();
        private volatile long lifetimeNanos = DEFAULT_LIFETIME.toNanos();

        Duration lifetime() {
            return Duration.ofNanos(lifetimeNanos);
        }

        /** Sets the lifetime of entries; zero turns the cache off. */
        void lifetime(Duration lifetime) {
            if (lifetime.isNegative()) {
                throw new IllegalArgumentException("a cache lifetime is not negative: " + lifetime);
            }
            lifetimeNanos = lifetime.toNanos();
            clear();
        }

        /** The cached credentials of {@code tokenHash}, if an entry younger than the lifetime holds them. */
        Optional<Credentials> fresh(String tokenHash) {
            return fresh((Object) tokenHash).map(Credentials.class::cast);
        }

        private Optional<Object> fresh(Object key) {
            Entry entry = entries.get(key);
            if (entry == null) {
                return Optional.empty();
            }
            if (System.nanoTime() - entry.loadedAtNanos() >= lifetimeNanos) {
                entries.remove(key, entry);
                return Optional.empty();
            }
            return Optional.of(entry.value());
        }

        /** The board with this id: the cached one while fresh, else read with {@code read} and kept. */
        Optional<Board> board(BoardId id, Supplier<Optional<Board>> read) {
            BoardKey key = new BoardKey(id);
            Optional<Object> cached = fresh(key);
            if (cached.isPresent()) {
                return cached.map(Board.class::cast);
            }
            return keep(key, read);
        }

        /**
         * Reads the credentials with {@code read} and keeps them, unless the cache was emptied meanwhile (or is off).
         * Unknown hashes are not kept: a token created later must be found at once.
         */
        Optional<Credentials> load(String tokenHash, Supplier<Optional<Credentials>> read) {
            return keep(tokenHash, read);
        }

        private <T> Optional<T> keep(Object key, Supplier<Optional<T>> read) {
            long before = generation.get();
            long at = System.nanoTime();
            Optional<T> found = read.get();
            if (found.isPresent() && lifetimeNanos > 0) {
                if (entries.size() >= MAX_ENTRIES) {
                    entries.clear();
                }
                entries.put(key, new Entry(found.get(), at));
                if (generation.get() != before) {
                    // emptied while this read ran: what it read may be what the emptying revoked
                    entries.remove(key);
                }
            }
            return found;
        }

        /** Forgets every entry: the directory changed here or on another server. */
        void clear() {
            generation.incrementAndGet();
            entries.clear();
        }
    }
}
