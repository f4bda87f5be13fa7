package dev.tasklane.adapter.jdbi;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.SqlStatements;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

import javax.sql.DataSource;

/**
 * The durable stores: opens a pooled connection to the {@link Database}, brings its schema up to date with
 * the Flyway migrations in {@code db/migration}, and hands out the task store, the directory store and the
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
    private final Database database;
    private final HikariDataSource pool;
    private final JdbiTransactions transactions;
    private final JdbiTaskStore tasks;
    private final JdbiDirectoryStore directory;
    private final JdbiEventOutbox events;

    private JdbiStores(Database database, HikariDataSource pool) {
        this.database = database;
        this.pool = pool;
        Jdbi jdbi = Jdbi.create(pool).installPlugin(new SqlObjectPlugin());
        // a query may bind a value only some of its variants use (the candidate streams share one binder)
        jdbi.getConfig(SqlStatements.class).setUnusedBindingAllowed(true);
        this.transactions = new JdbiTransactions(jdbi);
        this.tasks = new JdbiTaskStore(transactions, database.kind() == Database.Kind.POSTGRES);
        this.directory = new JdbiDirectoryStore(transactions);
        this.events = new JdbiEventOutbox(transactions);
    }

    /** Connects, migrates the schema and returns the stores; fails with the database's own message. */
    public static JdbiStores open(Database database) {
        HikariDataSource pool = pool(database);
        try {
            Flyway.configure(JdbiStores.class.getClassLoader())
                    .dataSource(pool)
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
            return new JdbiStores(database, pool);
        } catch (RuntimeException failed) {
            pool.close();
            throw failed;
        }
    }

    private static HikariDataSource pool(Database database) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.jdbcUrl());
        config.setUsername(database.user());
        config.setPassword(database.password());
        config.setMaximumPoolSize(database.poolSize());
        config.setPoolName("tasklane-" + database.kind().wire());
        config.setAutoCommit(true);
        return new HikariDataSource(config);
    }

    public TaskStore tasks() {
        return tasks;
    }

    public DirectoryStore directory() {
        return directory;
    }

    /** The event outbox, written in the same transactions as the stores. */
    public EventOutbox events() {
        return events;
    }

    public Transactions transactions() {
        return transactions;
    }

    public Database database() {
        return database;
    }

    /** The pooled data source, for adapters that need a connection of their own (event relays, tools). */
    public DataSource dataSource() {
        return pool;
    }

    @Override
    public void close() {
        pool.close();
    }
}
