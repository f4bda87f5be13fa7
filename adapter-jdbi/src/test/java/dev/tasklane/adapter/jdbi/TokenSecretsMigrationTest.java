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

/**
 * Upgrading to {@code V98__forget_token_secrets_in_idempotency_keys.sql}: a recorded answer that holds a new token's
 * secret (a POST /api/tokens answered before secrets were left out) is forgotten; every other key stays, a task's
 * answer with a {@code claim_token} and a reservation still running included.
 */
final class TokenSecretsMigrationTest {
    @Test
    void upgradingOnH2ForgetsTheAnswersThatHoldATokenSecret() throws SQLException {
        SchemaUpgrades.onH2("token-secrets-upgrade", TokenSecretsMigrationTest::upgrade);
    }

    @Test
    @RequiresPostgres
    void upgradingOnPostgresForgetsTheAnswersThatHoldATokenSecret() throws SQLException {
        SchemaUpgrades.onPostgres("token_secrets_upgrade", TokenSecretsMigrationTest::upgrade);
    }

    private static void upgrade(Database database, FluentConfiguration flyway, Connection connection) throws SQLException {
        flyway.target("94").load().migrate();
        try (Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO idempotency_keys (token_id, idem_key, fingerprint, status, body, location, "
                    + "lease_until, expires_at, revision) VALUES "
                    + "(1, 'mint', 'f1', 201, '{\"data\":{\"id\":2,\"name\":\"ci\",\"token\":\"tasklane_Secret0123\"}}', "
                    + "NULL, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 2), "
                    + "(1, 'claim', 'f2', 200, '{\"data\":{\"identifier\":\"W1\",\"claim_token\":\"abc\"}}', NULL, "
                    + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 2), "
                    + "(1, 'running', 'f3', 0, NULL, NULL, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1), "
                    + "(2, 'task', 'f4', 201, '{\"data\":{\"title\":\"rotate the token\"}}', '/api/tasks/W2', "
                    + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 2)");
        }
        flyway.target("latest").load().migrate();
        try (Statement statement = connection.createStatement()) {
            assertEquals(List.of("1 claim", "1 running", "2 task"),
                    rows(statement, "SELECT token_id, idem_key FROM idempotency_keys ORDER BY token_id, idem_key"),
                    "only the answer holding a token's secret is forgotten");
        }
    }
}
