package dev.tasklane.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The PostgreSQL database the bench may use. Every phase starts from an empty schema: the bench drops and
 * recreates the {@code public} schema of this database, so point it at a database of its own.
 */
record PgTarget(String url, String user, String password) {

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /** Drops everything in the database's public schema. */
    void reset() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS public CASCADE");
            statement.execute("CREATE SCHEMA public");
        }
    }

    /** The transactions committed in this database so far ({@code pg_stat_database}, every client's). */
    long commits() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_stat_clear_snapshot()");
            try (ResultSet result = statement.executeQuery(
                    "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    String serverVersion() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SHOW server_version")) {
            result.next();
            return result.getString(1);
        }
    }
}
