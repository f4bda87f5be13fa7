package dev.tasklane.adapter.jdbi;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.application.port.out.WebhookStore;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.IdempotencyStore;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.SqlStatements;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

import javax.sql.DataSource;
import java.sql.Connection;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * The durable stores: opens a pooled connection to the {@link Database}, brings its schema up to date with
 * the Flyway migrations in {@code db/migration} (Flyway runs only when one is pending: {@link SchemaMigrations}),
 * and hands out the task store, the directory store and the
 * transactions they share. Close it to close the pool.
 *
 * <pre>{@code
 * try (JdbiStores stores = JdbiStores.open(Database.h2File(Path.of("tasklane-data")))) {
 *     Tasklane tasklane = Tasklane.builder()
 *             .stores(stores.tasks(), stores.directory(), stores.transactions(), stores.events())
 *             .build();
 * }
 * }</pre>
 */
public final class JdbiStores implements AutoCloseable {
    /** The isolation level of every transaction: READ COMMITTED, which the locking of docs/operations.md assumes. */
    static final String TRANSACTION_ISOLATION = "TRANSACTION_READ_COMMITTED";
    private final Database database;
    private final HikariDataSource pool;
    private final Jdbi jdbi;
    private final JdbiTransactions transactions;
    private final JdbiTaskStore tasks;
    private final JdbiDirectoryStore directory;
    private final JdbiIdempotencyStore idempotency;
    private final JdbiSessionStore sessions;
    private final JdbiAuditLog audit;
    private final JdbiWebhookStore webhooks;
    private final JdbiGithubStore github;
    private final JdbiAgentSessionStore agentSessions;
    private final JdbiTargetStore targets;
    private final JdbiEventOutbox events;
    private final SchemaMigrations.Outcome schema;
    private final EventAnnouncer announcer;

    private JdbiStores(Database database, HikariDataSource pool, SchemaMigrations.Outcome schema,
                       UnaryOperator<Connection> connections) {
        this.database = database;
        this.schema = schema;
        this.pool = pool;
        boolean postgres = database.kind() == Database.Kind.POSTGRES;
        this.transactions = new JdbiTransactions(pool, postgres, connections);
        this.jdbi = ValueIds.register(transactions.jdbi().installPlugin(new SqlObjectPlugin()));
        // a query may bind a value only some of its variants use (the candidate streams share one binder)
        jdbi.getConfig(SqlStatements.class).setUnusedBindingAllowed(true);
        this.tasks = new JdbiTaskStore(transactions, database.kind() == Database.Kind.POSTGRES);
        this.directory = new JdbiDirectoryStore(transactions, database.kind() == Database.Kind.POSTGRES);
        this.idempotency = new JdbiIdempotencyStore(transactions);
        this.sessions = new JdbiSessionStore(transactions);
        this.audit = new JdbiAuditLog(transactions);
        this.webhooks = new JdbiWebhookStore(transactions);
        this.github = new JdbiGithubStore(transactions);
        this.agentSessions = new JdbiAgentSessionStore(transactions);
        this.targets = new JdbiTargetStore(transactions);
        this.announcer = new EventAnnouncer(() -> transactions.own(pool.getConnection()));
        this.events = new JdbiEventOutbox(transactions, postgres, announcer::committed);
    }

    /** Connects, migrates the schema and returns the stores, with the default {@link DatabaseTimeouts}. */
    public static JdbiStores open(Database database) {
        return open(database, DatabaseTimeouts.defaults());
    }

    /**
     * Connects, migrates the schema and returns the stores; fails with the database's own message. Once open, a
     * unit of work that cannot reach the database fails within the {@code timeouts} with the application's
     * {@code StoreUnavailableException}, and the pool reconnects by itself when the database is back.
     */
    public static JdbiStores open(Database database, DatabaseTimeouts timeouts) {
        return open(database, timeouts, UnaryOperator.identity());
    }

    /**
     * {@link #open(Database, DatabaseTimeouts)}, with every connection the stores borrow passed through
     * {@code connections} first: for tests that watch the calls made on them (round trips the driver makes
     * besides the statements, such as commits).
     */
    static JdbiStores open(Database database, DatabaseTimeouts timeouts, UnaryOperator<Connection> connections) {
        return open(database, timeouts, connections, () -> { });
    }

    /**
     * {@link #open(Database, DatabaseTimeouts)}, calling {@code connected} once the pool holds its first connection,
     * before the schema is checked and the stores are built: the server's start loads the HTTP stack's classes on
     * another thread from then on, when nothing waits on a connect timeout any more.
     */
    public static JdbiStores open(Database database, DatabaseTimeouts timeouts, Runnable connected) {
        return open(database, timeouts, UnaryOperator.identity(), connected);
    }

    private static JdbiStores open(Database database, DatabaseTimeouts timeouts, UnaryOperator<Connection> connections,
                                   Runnable connected) {
        HikariDataSource pool = pool(database, timeouts);
        connected.run();
        try {
            SchemaMigrations.Outcome schema = SchemaMigrations.apply(pool, () -> migrate(database, pool));
            return new JdbiStores(database, pool, schema, connections);
        } catch (RuntimeException failed) {
            pool.close();
            throw failed;
        }
    }

    /** Flyway over the migrations in {@code db/migration}; only called when one is pending ({@link SchemaMigrations}). */
    private static void migrate(Database database, HikariDataSource pool) {
        var flyway = Flyway.configure(JdbiStores.class.getClassLoader());
        if (database.kind() == Database.Kind.POSTGRES) {
            // migrations may legitimately run longer than a request's statement and socket timeouts
            flyway.dataSource(database.jdbcUrl(), database.user(), database.password());
        } else {
            flyway.dataSource(pool);
        }
        flyway.locations("classpath:" + SchemaMigrations.LOCATION)
                .placeholders(SchemaMigrations.placeholders(database.kind())).load().migrate();
    }

    private static HikariDataSource pool(Database database, DatabaseTimeouts timeouts) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.jdbcUrl());
        config.setUsername(database.user());
        config.setPassword(database.password());
        config.setMaximumPoolSize(database.poolSize());
        config.setPoolName("tasklane-" + database.kind().code());
        config.setAutoCommit(true);
        // set once per connection, when the pool opens it: JdbiTransactions relies on it and never asks again
        config.setTransactionIsolation(TRANSACTION_ISOLATION);
        long connectMillis = timeouts.connect().toMillis();
        config.setConnectionTimeout(connectMillis);
        // a borrowed connection is checked within this (HikariCP needs it below the connection timeout)
        config.setValidationTimeout(Math.max(DatabaseTimeouts.MIN_CONNECT.toMillis(), connectMillis / 2));
        if (database.kind() == Database.Kind.POSTGRES) {
            // PgJDBC's own timeouts are whole seconds
            config.addDataSourceProperty("connectTimeout", Long.toString(seconds(timeouts.connect())));
            config.addDataSourceProperty("loginTimeout", Long.toString(seconds(timeouts.connect())));
            config.addDataSourceProperty("socketTimeout", Long.toString(seconds(timeouts.socket())));
            // a batch of inserts (dependency rows, history, events) goes to the server as multi-row INSERTs
            config.addDataSourceProperty("reWriteBatchedInserts", "true");
            config.setConnectionInitSql("SET statement_timeout = " + timeouts.statement().toMillis()
                    + "; SET lock_timeout = " + timeouts.lock().toMillis());
            // the start waits for an unreachable database longer than a request waits for a connection
            // (DatabaseTimeouts#start); a database that answers no fails at once
            return StartWait.open(config, timeouts.start());
        }
        return new HikariDataSource(config);
    }

    private static long seconds(Duration duration) {
        return Math.max(1, (duration.toMillis() + 999) / 1000);
    }

    public TaskStore tasks() {
        return tasks;
    }

    public DirectoryStore directory() {
        return directory;
    }

    /** The {@code Idempotency-Key}s, in the same database (and transactions) as the tasks. */
    public IdempotencyStore idempotency() {
        return idempotency;
    }

    /** GitHub connections, the issues' tasks and the deliveries taken, in the same database as the tasks. */
    public GithubStore github() {
        return github;
    }

    /** Webhook subscriptions and deliveries, in the same database (and transactions) as the tasks. */
    public WebhookStore webhooks() {
        return webhooks;
    }

    /** The audit log, in the same database (and transactions) as the tasks. */
    public AuditLog audit() {
        return audit;
    }

    /** The web sessions, in the same database (and transactions) as the tasks. */
    public SessionStore sessions() {
        return sessions;
    }

    /** The agent sessions and their activity logs, in the same database (and transactions) as the tasks. */
    public AgentSessionStore agentSessions() {
        return agentSessions;
    }

    /** The delivery targets, in the same database (and transactions) as the tasks. */
    public TargetStore targets() {
        return targets;
    }

    /** The event outbox, written in the same transactions as the stores. */
    public EventOutbox events() {
        return events;
    }

    /**
     * How long authentication may answer from the credentials it read before, without a statement
     * ({@link JdbiDirectoryStore.DirectoryCache}; {@code TASKLANE_AUTH_CACHE}, 1 s by default); zero reads them on every request.
     * A change to the directory empties the cache at once on this server, and on the other servers sharing a
     * PostgreSQL through {@link PostgresEventRelay}.
     */
    public JdbiStores credentialLifetime(Duration lifetime) {
        directory.cache().lifetime(lifetime);
        return this;
    }

    /**
     * How long {@code next} may answer from the candidates it read before, without a statement
     * ({@link CandidateSnapshots}; {@code TASKLANE_NEXT_CACHE}, 1 s on a server, zero here by default); zero reads
     * them on every {@code next}. This server's own writes correct the snapshot as they commit; another server's
     * commit drops it through {@link PostgresEventRelay}.
     */
    public JdbiStores nextCacheLifetime(Duration lifetime) {
        tasks.snapshots().lifetime(lifetime);
        return this;
    }

    /** Whether a notification came from one of this server's own connections (its writes are applied as they commit). */
    boolean ownBackend(int backendPid) {
        return transactions.ownBackend(backendPid);
    }

    /**
     * Whether another server may listen for this store's events, so that an append announces its numbers with
     * {@code NOTIFY}: this server's {@link PostgresEventRelay} says, from the other listeners it finds in
     * {@code pg_stat_activity}; without a relay running, or while it is not connected, yes.
     */
    boolean othersListening() {
        return events.othersListening();
    }

    /** See {@link #othersListening()}: set by this server's relay. */
    void othersListening(boolean listening) {
        events.othersListening(listening);
    }

    /** Another server committed a change, or may have while the relay was not listening: forget what next remembers. */
    void othersChanged() {
        tasks.snapshots().forgetAll();
    }

    /** Another server changed the directory, or may have while the relay was not listening: forget the credentials. */
    void directoryChanged() {
        directory.cache().clear();
    }

    public Transactions transactions() {
        return transactions;
    }

    /** What opening did to the schema: found it current (one query), or ran Flyway. */
    SchemaMigrations.Outcome schema() {
        return schema;
    }

    /** The JDBI instance behind the stores, for tests that observe the statements it runs. */
    Jdbi jdbi() {
        return jdbi;
    }

    public Database database() {
        return database;
    }

    /** The pooled data source, for adapters that need a connection of their own (event relays, tools). */
    public DataSource dataSource() {
        return pool;
    }

    /**
     * Publishes the pool's meters to {@code registry} through HikariCP's own Micrometer binding
     * ({@code hikaricp_connections_active}, {@code _idle}, {@code _pending}, {@code _max}, {@code _acquire_seconds},
     * {@code _usage_seconds}, {@code _timeout_total}, ..., tagged with the pool's name): once per store.
     *
     * @throws IllegalStateException when the pool's meters were bound already
     */
    public void bindPoolMetrics(MeterRegistry registry) {
        pool.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(registry));
    }

    @Override
    public void close() {
        announcer.close();
        pool.close();
    }
}
