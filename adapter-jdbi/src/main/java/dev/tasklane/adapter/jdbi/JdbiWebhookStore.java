package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.WebhookStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.EventFilter;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookDelivery.State;
import dev.tasklane.domain.webhook.WebhookPreset;
import dev.tasklane.domain.webhook.WebhookSecret;
import dev.tasklane.domain.webhook.WebhookSubscription;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.StatementContext;

import java.net.URI;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Types;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Webhook subscriptions and deliveries in {@code webhook_subscriptions} and {@code webhook_deliveries} (migration
 * V100), in the caller's transaction. The worker's writes are conditional updates, so that servers sharing the
 * database need no lock between them: the cursor moves only from the value read ({@link #advance}), a delivery is
 * leased only while free ({@link #lease}) and recorded only by its holder ({@link #record}). Each is one row's
 * {@code UPDATE ... WHERE}: PostgreSQL and H2 make the second of two concurrent ones wait for the first and then
 * find its condition false.
 */
final class JdbiWebhookStore implements WebhookStore {
    private static final String SUBSCRIPTION = "id, board_id, url, events, description, secret, previous_secret, "
            + "previous_until, enabled, disabled_reason, failing_since, cursor_id, created_at, preset";
    private static final String DELIVERY = "id, subscription_id, message_id, event_id, event_type, body, "
            + "delivery_state, attempts, created_at, last_attempt_at, last_status, last_latency_ms, last_response, "
            + "delivered_at, next_attempt_at, lease_owner, lease_until";
    private static final String PENDING = "'pending'";

    private final JdbiTransactions transactions;

    JdbiWebhookStore(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public WebhookSubscription subscribe(WebhookSubscription s) {
        long id = transactions.withHandle(handle -> handle.createUpdate("INSERT INTO webhook_subscriptions (board_id, "
                        + "url, events, description, secret, previous_secret, previous_until, enabled, disabled_reason, "
                        + "failing_since, cursor_id, created_at, preset) VALUES (:board, :url, :events, :description, "
                        + ":secret, :previousSecret, :previousUntil, :enabled, :reason, :failingSince, :cursor, :createdAt, "
                        + ":preset)")
                .bind("preset", s.preset().code())
                .bind("board", s.boardId().value())
                .bind("url", s.url().toString())
                .bind("events", String.join(",", s.events().sorted()))
                .bind("description", s.description())
                .bind("secret", new SecretArgument(s.secret()))
                .bind("previousSecret", new SecretArgument(s.previousSecret()))
                .bind("previousUntil", TaskRows.timestamp(s.previousUntil()))
                .bind("enabled", s.enabled())
                .bind("reason", s.disabledReason())
                .bind("failingSince", TaskRows.timestamp(s.failingSince()))
                .bind("cursor", s.cursor())
                .bind("createdAt", TaskRows.timestamp(s.createdAt()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
        return new WebhookSubscription(id, s.boardId(), s.url(), s.events(), s.description(), s.secret(),
                s.previousSecret(), s.previousUntil(), s.enabled(), s.disabledReason(), s.failingSince(), s.cursor(),
                s.createdAt(), s.preset());
    }

    @Override
    public Optional<WebhookSubscription> subscription(long id) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + SUBSCRIPTION
                        + " FROM webhook_subscriptions WHERE id = :id").bind("id", id)
                .map(JdbiWebhookStore::subscription).findOne());
    }

    @Override
    public List<WebhookSubscription> subscriptions(BoardId boardId) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + SUBSCRIPTION
                        + " FROM webhook_subscriptions WHERE board_id = :board ORDER BY id").bind("board", boardId.value())
                .map(JdbiWebhookStore::subscription).list());
    }

    @Override
    public List<WebhookSubscription> enabled(int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + SUBSCRIPTION
                        + " FROM webhook_subscriptions WHERE enabled ORDER BY id LIMIT :limit").bind("limit", limit)
                .map(JdbiWebhookStore::subscription).list());
    }

    @Override
    public boolean save(WebhookSubscription s) {
        return transactions.withHandle(handle -> handle.createUpdate("UPDATE webhook_subscriptions SET url = :url, "
                        + "events = :events, description = :description, secret = :secret, "
                        + "previous_secret = :previousSecret, previous_until = :previousUntil, enabled = :enabled, "
                        + "disabled_reason = :reason, failing_since = :failingSince WHERE id = :id")
                .bind("id", s.id())
                .bind("url", s.url().toString())
                .bind("events", String.join(",", s.events().sorted()))
                .bind("description", s.description())
                .bind("secret", new SecretArgument(s.secret()))
                .bind("previousSecret", new SecretArgument(s.previousSecret()))
                .bind("previousUntil", TaskRows.timestamp(s.previousUntil()))
                .bind("enabled", s.enabled())
                .bind("reason", s.disabledReason())
                .bind("failingSince", TaskRows.timestamp(s.failingSince()))
                .execute() == 1);
    }

    @Override
    public void health(long subscriptionId, Instant failingSince, boolean disable, String reason) {
        transactions.withHandle(handle -> handle.createUpdate("UPDATE webhook_subscriptions SET "
                        + "failing_since = :failingSince, enabled = CASE WHEN :disable THEN FALSE ELSE enabled END, "
                        + "disabled_reason = CASE WHEN :disable THEN :reason ELSE disabled_reason END WHERE id = :id")
                .bind("id", subscriptionId)
                .bind("failingSince", TaskRows.timestamp(failingSince))
                .bind("disable", disable)
                .bind("reason", reason)
                .execute());
    }

    @Override
    public boolean delete(long id) {
        return transactions.withHandle(handle -> {
            handle.createUpdate("DELETE FROM webhook_deliveries WHERE subscription_id = :id").bind("id", id).execute();
            return handle.createUpdate("DELETE FROM webhook_subscriptions WHERE id = :id").bind("id", id).execute() == 1;
        });
    }

    @Override
    public boolean advance(long subscriptionId, long expected, long next, List<WebhookDelivery> deliveries) {
        return transactions.withHandle(handle -> {
            int moved = handle.createUpdate("UPDATE webhook_subscriptions SET cursor_id = :next "
                            + "WHERE id = :id AND cursor_id = :expected")
                    .bind("id", subscriptionId).bind("expected", expected).bind("next", next).execute();
            if (moved != 1) {
                return false;
            }
            for (WebhookDelivery delivery : deliveries) {
                insert(handle, delivery);
            }
            return true;
        });
    }

    @Override
    public WebhookDelivery add(WebhookDelivery delivery) {
        long id = transactions.withHandle(handle -> insert(handle, delivery));
        return delivery(id).orElseThrow();
    }

    private static long insert(Handle handle, WebhookDelivery d) {
        return handle.createUpdate("INSERT INTO webhook_deliveries (subscription_id, message_id, event_id, event_type, "
                        + "body, delivery_state, attempts, created_at, next_attempt_at) VALUES (:subscription, :message, "
                        + ":event, :type, :body, :state, :attempts, :createdAt, :nextAttemptAt)")
                .bind("subscription", d.subscriptionId())
                .bind("message", d.messageId())
                .bind("event", d.eventId())
                .bind("type", d.type())
                .bind("body", d.body())
                .bind("state", d.state().code())
                .bind("attempts", d.attempts())
                .bind("createdAt", TaskRows.timestamp(d.createdAt()))
                .bind("nextAttemptAt", TaskRows.timestamp(d.nextAttemptAt()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    }

    @Override
    public Optional<WebhookDelivery> delivery(long id) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + DELIVERY
                        + " FROM webhook_deliveries WHERE id = :id").bind("id", id)
                .map(JdbiWebhookStore::delivery).findOne());
    }

    @Override
    public List<WebhookDelivery> deliveries(long subscriptionId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + DELIVERY
                        + " FROM webhook_deliveries WHERE subscription_id = :id ORDER BY id DESC LIMIT :limit")
                .bind("id", subscriptionId).bind("limit", limit)
                .map(JdbiWebhookStore::delivery).list());
    }

    @Override
    public List<WebhookDelivery> due(Instant now, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT d." + DELIVERY.replace(", ", ", d.")
                        + " FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id "
                        + "WHERE s.enabled AND d.delivery_state = " + PENDING + " AND d.next_attempt_at <= :now "
                        + "AND (d.lease_until IS NULL OR d.lease_until <= :now) "
                        + "ORDER BY d.next_attempt_at, d.id LIMIT :limit")
                .bind("now", TaskRows.timestamp(now)).bind("limit", limit)
                .map(JdbiWebhookStore::delivery).list());
    }

    @Override
    public boolean lease(long id, String owner, Instant now, Instant until) {
        return transactions.withHandle(handle -> handle.createUpdate("UPDATE webhook_deliveries SET "
                        + "lease_owner = :owner, lease_until = :until WHERE id = :id AND delivery_state = " + PENDING
                        + " AND (lease_until IS NULL OR lease_until <= :now)")
                .bind("id", id).bind("owner", owner).bind("now", TaskRows.timestamp(now))
                .bind("until", TaskRows.timestamp(until))
                .execute() == 1);
    }

    @Override
    public boolean record(WebhookDelivery after, String owner) {
        return transactions.withHandle(handle -> handle.createUpdate("UPDATE webhook_deliveries SET "
                        + "delivery_state = :state, attempts = :attempts, last_attempt_at = :lastAttemptAt, "
                        + "last_status = :lastStatus, last_latency_ms = :latency, last_response = :response, "
                        + "delivered_at = :deliveredAt, next_attempt_at = :nextAttemptAt, lease_owner = NULL, "
                        + "lease_until = NULL WHERE id = :id AND lease_owner = :owner")
                .bind("id", after.id())
                .bind("owner", owner)
                .bind("state", after.state().code())
                .bind("attempts", after.attempts())
                .bind("lastAttemptAt", TaskRows.timestamp(after.lastAttemptAt()))
                .bind("lastStatus", after.lastStatus())
                .bind("latency", after.lastLatencyMillis())
                .bind("response", after.lastResponse())
                .bind("deliveredAt", TaskRows.timestamp(after.deliveredAt()))
                .bind("nextAttemptAt", TaskRows.timestamp(after.nextAttemptAt()))
                .execute() == 1);
    }

    @Override
    public boolean resend(long id, Instant now) {
        return transactions.withHandle(handle -> handle.createUpdate("UPDATE webhook_deliveries SET delivery_state = "
                        + PENDING + ", next_attempt_at = :now, lease_owner = NULL, lease_until = NULL WHERE id = :id")
                .bind("id", id).bind("now", TaskRows.timestamp(now)).execute() == 1);
    }

    @Override
    public OptionalLong lowestEnabledCursor() {
        Optional<Long> lowest = transactions.withHandle(handle -> handle.createQuery(
                        "SELECT MIN(cursor_id) FROM webhook_subscriptions WHERE enabled")
                .mapTo(Long.class).findOne());
        return lowest.map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    @Override
    public long pendingCount() {
        return transactions.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM webhook_deliveries d "
                        + "JOIN webhook_subscriptions s ON s.id = d.subscription_id WHERE s.enabled AND d.delivery_state = "
                        + PENDING).mapTo(Long.class).one());
    }

    @Override
    public Optional<Instant> oldestPending() {
        return transactions.withHandle(handle -> handle.createQuery("SELECT MIN(d.created_at) FROM webhook_deliveries d "
                        + "JOIN webhook_subscriptions s ON s.id = d.subscription_id WHERE s.enabled AND d.delivery_state = "
                        + PENDING).map((row, ctx) -> row.getObject(1, OffsetDateTime.class)).findOne()
                .map(OffsetDateTime::toInstant));
    }

    @Override
    public int prune(Instant cutoff, int limit) {
        return transactions.withHandle(handle -> handle.createUpdate("DELETE FROM webhook_deliveries WHERE id IN "
                        + "(SELECT id FROM webhook_deliveries WHERE delivery_state <> " + PENDING
                        + " AND created_at < :cutoff ORDER BY id LIMIT :limit)")
                .bind("cutoff", TaskRows.timestamp(cutoff)).bind("limit", limit).execute());
    }

    /**
     * A secret bound to a statement without ever being rendered: JDBI writes a failed statement's arguments into its
     * exception's message, and that message may reach a log; this argument's text is {@code whsec_[redacted]}.
     */
    record SecretArgument(WebhookSecret secret) implements Argument {
        @Override
        public void apply(int position, PreparedStatement statement, StatementContext context) throws SQLException {
            if (secret == null) {
                statement.setNull(position, Types.VARCHAR);
            } else {
                statement.setString(position, secret.reveal());
            }
        }

        @Override
        public String toString() {
            return secret == null ? "null" : "whsec_[redacted]";
        }
    }

    private static WebhookSubscription subscription(ResultSet row, StatementContext context) throws SQLException {
        String events = row.getString("events");
        String previous = row.getString("previous_secret");
        return new WebhookSubscription(row.getLong("id"), BoardId.of(row.getLong("board_id")),
                URI.create(row.getString("url")),
                events.isEmpty() ? EventFilter.ALL : new EventFilter(java.util.Set.copyOf(Arrays.asList(events.split(",")))),
                row.getString("description"), WebhookSecret.parse(row.getString("secret")),
                previous == null ? null : WebhookSecret.parse(previous), TaskRows.instant(row, "previous_until"),
                row.getBoolean("enabled"), row.getString("disabled_reason"), TaskRows.instant(row, "failing_since"),
                row.getLong("cursor_id"), TaskRows.instant(row, "created_at"),
                WebhookPreset.ofCode(row.getString("preset")).orElse(WebhookPreset.STANDARD));
    }

    private static WebhookDelivery delivery(ResultSet row, StatementContext context) throws SQLException {
        return new WebhookDelivery(row.getLong("id"), row.getLong("subscription_id"), row.getString("message_id"),
                row.getLong("event_id"), row.getString("event_type"), row.getString("body"),
                State.valueOf(row.getString("delivery_state").toUpperCase(Locale.ROOT)), row.getInt("attempts"),
                TaskRows.instant(row, "created_at"), TaskRows.instant(row, "last_attempt_at"), nullableInt(row, "last_status"),
                TaskRows.nullableLong(row, "last_latency_ms"), row.getString("last_response"), TaskRows.instant(row, "delivered_at"),
                TaskRows.instant(row, "next_attempt_at"), row.getString("lease_owner"), TaskRows.instant(row, "lease_until"));
    }

    private static Integer nullableInt(ResultSet row, String column) throws SQLException {
        int value = row.getInt(column);
        return row.wasNull() ? null : value;
    }

}
