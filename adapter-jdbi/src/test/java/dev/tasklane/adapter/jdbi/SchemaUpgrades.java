package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.TestPostgres;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The scaffolding of the upgrade tests: a schema of its own, on H2 or on PostgreSQL, that a test migrates to an older
 * version, fills, and migrates to the latest, with the migrations and placeholders the stores use.
 */
final class SchemaUpgrades {
    /** What a test does with the schema: {@code flyway} is configured for it, {@code connection} reads and writes it. */
    @FunctionalInterface
    interface Upgrade {
        void run(Database database, FluentConfiguration flyway, Connection connection) throws SQLException;
    }

    private SchemaUpgrades() {
    }

    /** {@code upgrade} on an in-memory H2 database named {@code name}, kept open for the test's whole length. */
    static void onH2(String name, Upgrade upgrade) throws SQLException {
        Database database = Database.h2Memory(name);
        try (Connection keptOpen = DriverManager.getConnection(database.url(), database.user(), database.password())) {
            upgrade.run(database, configured(database,
                    Flyway.configure().dataSource(database.url(), database.user(), database.password())), keptOpen);
        }
    }

    /** {@code upgrade} on the schema {@code schema} of the test database, created empty first and dropped after. */
    static void onPostgres(String schema, Upgrade upgrade) throws SQLException {
        Database database = TestPostgres.inSchema(schema);
        String own = TestPostgres.schema(schema);
        String url = database.url();
        try (Connection connection = DriverManager.getConnection(url, database.user(), database.password());
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + own + " CASCADE");
            upgrade.run(database, configured(database, Flyway.configure().dataSource(url, database.user(), database.password())
                    .schemas(own).createSchemas(true)), connection);
            statement.execute("DROP SCHEMA " + own + " CASCADE");
        }
    }

    private static FluentConfiguration configured(Database database, FluentConfiguration flyway) {
        return flyway.locations("classpath:" + SchemaMigrations.LOCATION)
                .placeholders(SchemaMigrations.placeholders(database.kind()));
    }

    /** The rows {@code sql} answers, each as its columns' text joined by spaces. */
    static List<String> rows(Statement statement, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i == 1 ? "" : " ").append(result.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
