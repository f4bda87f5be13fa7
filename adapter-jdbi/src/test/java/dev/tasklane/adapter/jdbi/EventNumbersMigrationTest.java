package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static dev.tasklane.adapter.jdbi.SchemaUpgrades.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Upgrading to {@code V94__event_numbers_per_transaction.sql}: the move counts counted so far become slot 0's, and a
 * count of another slot has a row of its own. On PostgreSQL the row that numbered events goes, so that an older server
 * still running fails its append rather than numbering events below those readers have passed, and the first number
 * of any later transaction is above every number that row gave. H2 keeps the row.
 */
final class EventNumbersMigrationTest {
    private static final String SCHEMA = "event_numbers_upgrade";

    @Test
    void upgradingOnH2KeepsTheNumbersRowAndSlotsTheMoveCounts() throws SQLException {
        SchemaUpgrades.onH2("event-numbers-upgrade", (database, flyway, connection) -> {
            upgrade(database, flyway, connection);
            try (Statement statement = connection.createStatement()) {
                assertEquals(List.of("5000"), rows(statement, "SELECT last_id FROM event_sequence"), "H2 numbers from the row");
            }
        });
    }

    @Test
    @RequiresPostgres
    void upgradingOnPostgresRetiresTheNumbersRow() throws SQLException {
        SchemaUpgrades.onPostgres(SCHEMA, (database, flyway, connection) -> {
            upgrade(database, flyway, connection);
            try (Statement statement = connection.createStatement()) {
                SQLException olderServer = assertThrows(SQLException.class, () -> statement.executeQuery(
                        "UPDATE event_sequence SET last_id = last_id + 1 WHERE id = 1 RETURNING last_id"));
                assertEquals("42P01", olderServer.getSQLState(), "an older server's append fails: " + olderServer);
                // the events the row numbered are below the range of any transaction from now on
                connection.setAutoCommit(false);
                long first = Long.parseLong(rows(statement, "SELECT pg_current_xact_id()::text::bigint * "
                        + JdbiEventOutbox.PER_TRANSACTION + " + 1").get(0));
                connection.rollback();
                connection.setAutoCommit(true);
                assertTrue(first > 5_000, "first number " + first);
            }
        });
    }

    private static void upgrade(Database database, FluentConfiguration flyway, Connection connection) throws SQLException {
        flyway.target("93").load().migrate();
        try (Statement statement = connection.createStatement()) {
            statement.execute("UPDATE event_sequence SET last_id = 5000 WHERE id = 1");
            statement.execute("INSERT INTO flow_moves (board_id, bucket_s, from_column, to_column, moves) VALUES "
                    + "(1, 900, 0, 1, 3), (1, 900, 1, 2, 2)");
        }
        flyway.target("latest").load().migrate();
        try (Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO flow_moves (board_id, bucket_s, from_column, to_column, slot, moves) VALUES "
                    + "(1, 900, 0, 1, 4, 1)");
            assertEquals(List.of("900 0 1 0 3", "900 0 1 4 1", "900 1 2 0 2"),
                    rows(statement, "SELECT bucket_s, from_column, to_column, slot, moves FROM flow_moves "
                            + "ORDER BY bucket_s, from_column, to_column, slot"), "the counts so far are slot 0's");
        }
    }
}
