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
 * Upgrading to {@code V104__completions_name_their_agent.sql} gives a completion stored as the agent "Unknown" to the
 * agent of the task's last claim before it, with the history entries the completion and its review wrote and the
 * agents' activity; a claim without a name, or with a name JSON text cannot hold unescaped, leaves it as it is, and
 * so does a completion that names its agent.
 */
final class CompletionAgentsMigrationTest {
    private static final String SCHEMA = "completion_agents_upgrade";
    private static final String UNKNOWN = "{\"completed_by_id\":7,\"completed_by_agent\":\"Unknown\",\"summary\":\"Did it\"}";

    @Test
    void upgradingOnH2GivesUnknownCompletionsToTheirClaimsAgent() throws SQLException {
        SchemaUpgrades.onH2("completion-agents-upgrade", CompletionAgentsMigrationTest::upgrade);
    }

    @Test
    @RequiresPostgres
    void upgradingOnPostgresGivesUnknownCompletionsToTheirClaimsAgent() throws SQLException {
        SchemaUpgrades.onPostgres(SCHEMA, CompletionAgentsMigrationTest::upgrade);
    }

    private static void upgrade(Database database, FluentConfiguration flyway, Connection connection) throws SQLException {
        flyway.target(versionBefore104()).load().migrate();
        try (Statement statement = connection.createStatement()) {
            // W1 reviewed and Done, claimed by newcomer-bot (user 7); W2 claimed without a name (user 8);
            // W3 claimed by a name with a quote (user 9); W4 completed by a named agent
            task(statement, 1, UNKNOWN);
            task(statement, 2, UNKNOWN.replace(":7", ":8"));
            task(statement, 3, UNKNOWN.replace(":7", ":9"));
            task(statement, 4, UNKNOWN.replace("Unknown", "claude"));
            statement.execute("INSERT INTO task_history (id, task_id, kind, at, actor_user_id, agent_name, facts) VALUES "
                    + entry(1, 1, "CREATED", 1, 1, "creator") + ", " + entry(2, 1, "CLAIMED", 2, 7, "newcomer-bot") + ", "
                    + entry(3, 1, "REVIEW_REQUESTED", 3, 7, "Unknown") + ", " + entry(4, 1, "REVIEWED", 4, 2, null) + ", "
                    + entry(5, 1, "DONE", 5, 7, "Unknown") + ", "
                    + entry(6, 2, "CLAIMED", 2, 8, "Unknown") + ", " + entry(7, 2, "COMPLETED", 3, 8, "Unknown") + ", "
                    + entry(8, 3, "CLAIMED", 2, 9, "say \"hi\"") + ", " + entry(9, 3, "COMPLETED", 3, 9, "Unknown") + ", "
                    + entry(10, 4, "CLAIMED", 2, 7, "newcomer-bot") + ", " + entry(11, 4, "COMPLETED", 3, 7, "claude"));
            statement.execute("INSERT INTO flow_agents (board_id, user_id, agent_name, last_activity_ms) VALUES "
                    + "(1, 7, 'newcomer-bot', 2000), (1, 7, 'Unknown', 5000), (1, 7, 'claude', 3000), "
                    + "(1, 8, 'Unknown', 3000), (1, 9, 'say \"hi\"', 2000), (1, 9, 'Unknown', 3000)");
        }
        flyway.target("latest").load().migrate();
        try (Statement statement = connection.createStatement()) {
            assertEquals(List.of("1 " + UNKNOWN.replace("Unknown", "newcomer-bot"), "2 " + UNKNOWN.replace(":7", ":8"),
                            "3 " + UNKNOWN.replace(":7", ":9"), "4 " + UNKNOWN.replace("Unknown", "claude")),
                    SchemaUpgrades.rows(statement, "SELECT id, completion FROM tasks ORDER BY id"), "the completions");
            assertEquals(List.of("1 creator", "2 newcomer-bot", "3 newcomer-bot", "4 null", "5 newcomer-bot", "6 Unknown",
                            "7 Unknown", "8 say \"hi\"", "9 Unknown", "10 newcomer-bot", "11 claude"),
                    SchemaUpgrades.rows(statement, "SELECT id, agent_name FROM task_history ORDER BY id"), "the history");
            assertEquals(List.of("7 claude 3000", "7 newcomer-bot 5000", "8 Unknown 3000", "9 Unknown 3000",
                            "9 say \"hi\" 2000"),
                    SchemaUpgrades.rows(statement, "SELECT user_id, agent_name, last_activity_ms FROM flow_agents "
                            + "ORDER BY user_id, agent_name"), "the agents' activity");
        }
    }

    /** The last migration before V104, whichever the other migrations number it. */
    private static String versionBefore104() {
        return SchemaMigrations.knownVersions().stream().filter(v -> new java.math.BigDecimal(v).intValue() < 104)
                .max(java.util.Comparator.comparing(java.math.BigDecimal::new)).orElseThrow();
    }

    private static void task(Statement statement, int id, String completion) throws SQLException {
        statement.execute("INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, "
                + "position, priority_order, title, status, human_task, spec, completion, inserted_at, updated_at, version) "
                + "VALUES (" + id + ", 1, 'W" + id + "', 0, " + id + ", 'WORK', " + id + ", 2, 'T', 'COMPLETED', FALSE, "
                + "'{}', '" + completion + "', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)");
    }

    private static String entry(int id, int task, String kind, int second, int user, String agent) {
        return "(" + id + ", " + task + ", '" + kind + "', TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:0" + second
                + "+00', " + user + ", " + (agent == null ? "NULL" : "'" + agent + "'") + ", '{}')";
    }
}
