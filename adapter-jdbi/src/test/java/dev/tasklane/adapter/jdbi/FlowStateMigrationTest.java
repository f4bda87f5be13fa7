package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Upgrading to {@code V93__flow_state_on_tasks.sql} moves each task's flow row into its own row of {@code tasks} and
 * keeps in {@code task_flow} only what the figures read from it: finished tasks, and tasks deleted before the upgrade
 * (their rows have no task). A goal, and a task stored before the rollup existed, keep no state.
 */
final class FlowStateMigrationTest {
    private static final String SCHEMA = "flow_state_upgrade";

    @Test
    void upgradingOnH2MovesEachTasksStateIntoItsRow() throws SQLException {
        SchemaUpgrades.onH2("flow-state-upgrade", FlowStateMigrationTest::upgrade);
    }

    @Test
    @RequiresPostgres
    void upgradingOnPostgresMovesEachTasksStateIntoItsRow() throws SQLException {
        SchemaUpgrades.onPostgres(SCHEMA, FlowStateMigrationTest::upgrade);
    }

    private static void upgrade(Database database, FluentConfiguration flyway, Connection connection) throws SQLException {
        flyway.target("92").load().migrate();
        try (Statement statement = connection.createStatement()) {
            // W1 open in Doing, W2 finished, G3 a goal, W4 stored before the rollup; task 99 was deleted while open
            for (int id = 1; id <= 4; id++) {
                String type = id == 3 ? "GOAL" : "WORK";
                String identifier = (id == 3 ? "G" : "W") + id;
                statement.execute("INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, "
                        + "position, priority_order, title, status, human_task, spec, inserted_at, updated_at, version) "
                        + "VALUES (" + id + ", 1, '" + identifier + "', 0, " + id + ", '" + type + "', " + id + ", 2, 'T', "
                        + "'OPEN', FALSE, '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)");
            }
            statement.execute("INSERT INTO task_flow (task_id, board_id, identifier, type, flow_column, created_ms, "
                    + "first_claim_ms, done_ms, agent_user_id, agent_name, review_wait_ms, times_sent_back) VALUES "
                    + "(1, 1, 'W1', 'work', 1, 1000, 2000, NULL, 7, 'agent one', 0, 0), "
                    + "(2, 1, 'W2', 'work', 3, 1000, 2000, 5000, 7, 'agent two', 300, 1), "
                    + "(99, 1, 'W99', 'work', 0, 1000, NULL, NULL, NULL, NULL, 0, 0)");
        }
        flyway.target("latest").load().migrate();
        try (Statement statement = connection.createStatement()) {
            assertEquals(List.of("1 1 1000 2000 null 7 agent one 0 0", "2 3 1000 2000 5000 7 agent two 300 1",
                            "3 null null null null null null null null", "4 null null null null null null null null"),
                    SchemaUpgrades.rows(statement, "SELECT id, flow_column, created_ms, first_claim_ms, done_ms, agent_user_id, agent_name, "
                            + "review_wait_ms, times_sent_back FROM tasks ORDER BY id"), "each task's state, in its row");
            assertEquals(List.of("2 3 5000", "99 0 null"),
                    SchemaUpgrades.rows(statement, "SELECT task_id, flow_column, done_ms FROM task_flow ORDER BY task_id"),
                    "task_flow keeps the finished and the deleted tasks");
        }
    }
}
