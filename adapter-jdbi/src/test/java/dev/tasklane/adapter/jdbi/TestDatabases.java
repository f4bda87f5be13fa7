package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The databases the JDBI tests run against. H2: a fresh private database in memory per call. PostgreSQL:
 * the one named by {@code TASKLANE_TEST_PG_URL} / {@code _USER} / {@code _PASSWORD} (default
 * {@code jdbc:postgresql://localhost:5432/tasklane_test}, user and password {@code tasklane}), recreated and
 * migrated once per test run and emptied per call. Without a reachable PostgreSQL its tests are skipped with the reason, except under
 * {@code CI=true}, where they fail: CI must have started it (see {@code .ci/run}).
 */
final class TestDatabases {
    private static final AtomicInteger H2_NAMES = new AtomicInteger();
    private static final String TABLES = "task_history, key_file_locks, task_key_files, task_dependencies, tasks, "
            + "board_counters, api_tokens, memberships, board_columns, boards, users, web_sessions, idempotency_keys, task_events, "
            + "task_flow, flow_moves, flow_agents, board_wip_limits, task_comments, audit_log, agent_sessions, "
            + "session_activities, webhook_deliveries, webhook_subscriptions, github_connections, github_issue_tasks, "
            + "github_deliveries, targets";
    private static JdbiStores postgres;

    private TestDatabases() {
    }

    /**
     * How long {@code next} answers from its snapshot in the tests: as on a server (TASKLANE_NEXT_CACHE), by the
     * use cases' clock, which most tests never move, so every contract runs with next answering from snapshots
     * that only this store's own writes correct.
     */
    static final java.time.Duration NEXT_CACHE = java.time.Duration.ofSeconds(1);

    static JdbiStores h2() {
        return JdbiStores.open(Database.h2Memory("tasklane-test-" + H2_NAMES.incrementAndGet())).nextCacheLifetime(NEXT_CACHE);
    }

    /** {@link #h2()}, its connections passing through {@code watch}. */
    static JdbiStores h2(ConnectionWatch watch) {
        return JdbiStores.open(Database.h2Memory("tasklane-test-" + H2_NAMES.incrementAndGet()), DatabaseTimeouts.defaults(),
                watch).nextCacheLifetime(NEXT_CACHE);
    }

    static StoreSet h2Stores() {
        return set(h2());
    }

    /** The test PostgreSQL database, emptied; skips (or, under CI, fails) when none is reachable. */
    static synchronized JdbiStores postgres() {
        Database database = postgresDatabase();
        if (postgres == null) {
            requireReachable(database);
            recreateSchema(database);
            postgres = JdbiStores.open(database.withPoolSize(20));
        }
        empty(database);
        // emptied behind the stores' back, numbers restarting: what next remembers of an earlier test's board goes
        postgres.nextCacheLifetime(NEXT_CACHE);
        return postgres;
    }

    static StoreSet postgresStores() {
        return set(postgres());
    }

    static Database postgresDatabase() {
        return TestPostgres.database();
    }

    static void requireReachable(Database database) {
        TestPostgres.requireReachable(database);
    }

    /** The test database is disposable: start from an empty schema, whatever an earlier build migrated. */
    private static void recreateSchema(Database database) {
        String schema = TestPostgres.sharedSchema();
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            statement.execute("CREATE SCHEMA " + schema);
        } catch (SQLException failed) {
            throw new IllegalStateException("cannot recreate the test database's schema", failed);
        }
    }

    private static void empty(Database database) {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
             Statement statement = connection.createStatement()) {
            statement.execute("TRUNCATE " + TABLES + " RESTART IDENTITY");
        } catch (SQLException failed) {
            throw new IllegalStateException("cannot empty the test database", failed);
        }
    }

    static StoreSet set(JdbiStores stores) {
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }
}
