package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.EventFilter;
import dev.tasklane.domain.webhook.WebhookSecret;
import dev.tasklane.domain.webhook.WebhookSubscription;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failed statement's exception never carries a webhook secret: JDBI writes the bound arguments into its message,
 * and a message may reach a log. The secrets are bound so that they render as {@code whsec_[redacted]}.
 */
class H2WebhookSecretTest {
    @Test
    void aFailedWriteNamesNoSecret() {
        JdbiStores stores = TestDatabases.h2();
        stores.jdbi().useHandle(handle ->
                handle.execute("ALTER TABLE webhook_subscriptions ADD CONSTRAINT refuse_all CHECK (board_id < 0)"));
        WebhookSecret secret = WebhookSecret.generate();
        WebhookSecret previous = WebhookSecret.generate();
        WebhookSubscription subscription = new WebhookSubscription(0, BoardId.of(1), URI.create("https://x.example/"),
                EventFilter.ALL, "", secret, previous, Instant.now(), true, null, null, 0, Instant.now());
        RuntimeException failed = assertThrows(RuntimeException.class, () ->
                stores.transactions().inTransaction(() -> stores.webhooks().subscribe(subscription)));
        StringWriter trace = new StringWriter();
        failed.printStackTrace(new PrintWriter(trace));
        String text = trace.toString();
        assertTrue(text.contains("23513"), "the check refused the row: " + text);
        assertFalse(text.contains(secret.reveal().substring(6)), text);
        assertFalse(text.contains(previous.reveal().substring(6)), text);
    }

    /** JDBI renders the arguments of a failed statement: a plain binding would show the secret, this one does not. */
    @Test
    void theSecretsArgumentRendersRedactedWhereAPlainOneWouldNot() {
        JdbiStores stores = TestDatabases.h2();
        WebhookSecret secret = WebhookSecret.generate();
        String key = secret.reveal().substring(6);
        String plain = failure(stores, secret.reveal());
        assertTrue(plain.contains(key), "JDBI shows a plain argument: " + plain);
        String redacted = failure(stores, new JdbiWebhookStore.SecretArgument(secret));
        assertFalse(redacted.contains(key), redacted);
        assertTrue(redacted.contains("whsec_[redacted]"), redacted);
    }

    private static String failure(JdbiStores stores, Object secret) {
        RuntimeException failed = assertThrows(RuntimeException.class, () -> stores.jdbi().useHandle(handle -> {
            org.jdbi.v3.core.statement.Update update = handle.createUpdate("INSERT INTO no_such_table (s) VALUES (:secret)");
            if (secret instanceof org.jdbi.v3.core.argument.Argument argument) {
                update.bind("secret", argument);
            } else {
                update.bind("secret", (String) secret);
            }
            update.execute();
        }));
        return failed.getMessage();
    }
}
