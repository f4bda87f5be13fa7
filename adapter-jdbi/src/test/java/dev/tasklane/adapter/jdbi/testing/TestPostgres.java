package dev.tasklane.adapter.jdbi.testing;

import dev.tasklane.adapter.jdbi.Database;
import org.junit.jupiter.api.Assumptions;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The PostgreSQL that tests run against, shared by every module's tests (published in adapter-jdbi's test-jar):
 * the one named by {@code TASKLANE_TEST_PG_URL} / {@code _USER} / {@code _PASSWORD} (default
 * {@code jdbc:postgresql://localhost:5432/tasklane_test}, user and password {@code tasklane}). Without a reachable
 * PostgreSQL a test annotated {@link RequiresPostgres} is skipped with the reason before its set-up runs, except
 * under {@code CI=true}, where it fails: CI must have started it (see {@code .ci/run}). The database is handed
 * out only while such a test runs.
 */
public final class TestPostgres {
    private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]*");

    /** Why the configured database cannot be reached, asked once per test JVM; empty when it can. */
    private static Optional<String> unreachable;

    private TestPostgres() {
    }

    /**
     * The configured test database (not checked: see {@link #requireReachable}).
     *
     * @throws IllegalStateException when the running test is not annotated {@link RequiresPostgres}
     */
    public static Database database() {
        if (!PostgresCondition.granted()) {
            throw new IllegalStateException("A test that uses the test PostgreSQL must be annotated @RequiresPostgres "
                    + "(class or method), so that it is skipped before its set-up runs when there is no database.");
        }
        Database configured = configured();
        return FORK.isEmpty() ? configured : inSchema(configured, sharedSchema());
    }

    /**
     * The surefire fork this JVM is ({@code tasklane.test.fork}, set from {@code surefire.forkNumber}), or empty
     * outside a fork. Forks of one module run at once against one database, so each keeps to schemas of its own:
     * the shared one ({@link #sharedSchema}) and every {@link #freshSchema} carry the fork's number.
     */
    private static final String FORK = System.getProperty("tasklane.test.fork", "").strip();

    /** The schema the contract suites share and empty between tests: {@code public}, or this fork's own. */
    public static String sharedSchema() {
        return FORK.isEmpty() ? "public" : schema("shared");
    }

    /** {@code name} as this JVM's schema: with the fork's number when forked, so that parallel forks never meet. */
    public static String schema(String name) {
        if (!SCHEMA_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a plain schema name: " + name);
        }
        return FORK.isEmpty() ? name : name + "_f" + FORK;
    }

    /** The configured database and credentials, as the environment gives them. */
    private static Database configured() {
        String url = setting("TASKLANE_TEST_PG_URL", "jdbc:postgresql://localhost:5432/tasklane_test");
        return Database.postgres(url, setting("TASKLANE_TEST_PG_USER", "tasklane"),
                setting("TASKLANE_TEST_PG_PASSWORD", "tasklane"));
    }

    /** {@code database} with its connections in {@code schema} (already this JVM's name for it). */
    private static Database inSchema(Database database, String schema) {
        String url = database.url() + (database.url().contains("?") ? "&" : "?") + "currentSchema=" + schema;
        return new Database(url, database.user(), database.password(), database.poolSize());
    }

    /** The test database with its connections in this JVM's schema {@code name} (see {@link #schema}), as it is. */
    public static Database inSchema(String name) {
        database();
        return inSchema(configured(), schema(name));
    }

    /** The configured test database, after {@link #requireReachable}: skips (or, under CI, fails) without one. */
    public static Database reachable() {
        Database database = database();
        requireReachable(database);
        return database;
    }

    /** Returns when {@code database} accepts a connection; otherwise aborts the test, or fails it under CI. */
    public static void requireReachable(Database database) {
        try (Connection ignored = DriverManager.getConnection(database.url(), database.user(), database.password())) {
            return;
        } catch (SQLException unreachable) {
            String reason = unreachableReason(database.url(), database.user(), unreachable);
            if (requiredByCi()) {
                throw new IllegalStateException("CI=true and " + reason, unreachable);
            }
            Assumptions.abort("Skipped: " + reason);
        }
    }

    /** Whether CI demands the database ({@code CI=true}), so that its absence fails rather than skips. */
    static boolean requiredByCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Why the configured database cannot be reached, or empty when it accepts a connection; asked once. */
    static synchronized Optional<String> unreachableReason() {
        if (unreachable == null) {
            String url = setting("TASKLANE_TEST_PG_URL", "jdbc:postgresql://localhost:5432/tasklane_test");
            String user = setting("TASKLANE_TEST_PG_USER", "tasklane");
            try (Connection ignored = DriverManager.getConnection(url, user,
                    setting("TASKLANE_TEST_PG_PASSWORD", "tasklane"))) {
                unreachable = Optional.empty();
            } catch (SQLException failed) {
                unreachable = Optional.of(unreachableReason(url, user, failed));
            }
        }
        return unreachable;
    }

    /**
     * A private, empty schema {@code name} (this JVM's: see {@link #schema}) in the reachable test database (dropped with everything in it and
     * created again), and the database whose connections use it ({@code currentSchema}). Tests that start their
     * own servers use one so they never meet the tables other suites empty in {@code public}.
     */
    public static Database freshSchema(String name) {
        String schema = schema(name);
        reachable();
        Database database = configured();
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            statement.execute("CREATE SCHEMA " + schema);
        } catch (SQLException failed) {
            throw new IllegalStateException("cannot recreate the test schema " + schema, failed);
        }
        return inSchema(database, schema);
    }

    private static String unreachableReason(String url, String user, SQLException failed) {
        return "PostgreSQL is not reachable at " + url + " as " + user + " (" + failed.getMessage()
                + "). Start one and set TASKLANE_TEST_PG_URL, _USER, _PASSWORD; see docs/operations.md.";
    }

    private static String setting(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
