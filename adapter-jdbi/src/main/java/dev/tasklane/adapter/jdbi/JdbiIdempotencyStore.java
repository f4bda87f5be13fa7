package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.IdempotencyEntry;
import dev.tasklane.application.port.out.IdempotencyStore;
import org.jdbi.v3.core.statement.StatementContext;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * {@code Idempotency-Key}s in the {@code idempotency_keys} table (migration V40), in the caller's transaction. The
 * primary key (token, key) makes {@link #insertIfAbsent} atomic across servers: {@code ON CONFLICT DO NOTHING}
 * waits for a concurrent insert of the same key to commit and then inserts nothing, on PostgreSQL and on H2.
 */
final class JdbiIdempotencyStore implements IdempotencyStore {
    private static final String COLUMNS =
            "token_id, idem_key, fingerprint, status, body, location, lease_until, expires_at, revision";

    private final JdbiTransactions transactions;

    JdbiIdempotencyStore(JdbiTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public boolean insertIfAbsent(IdempotencyEntry entry) {
        return transactions.withHandle(handle -> handle.createUpdate("INSERT INTO idempotency_keys (" + COLUMNS
                        + ") VALUES (:tokenId, :key, :fingerprint, :status, :body, :location, :leaseUntil, :expiresAt,"
                        + " :revision) ON CONFLICT DO NOTHING")
                .bind("tokenId", entry.tokenId())
                .bind("key", entry.key())
                .bind("fingerprint", entry.fingerprint())
                .bind("status", entry.status())
                .bind("body", entry.body())
                .bind("location", entry.location())
                .bind("leaseUntil", TaskRows.timestamp(entry.leaseUntil()))
                .bind("expiresAt", TaskRows.timestamp(entry.expiresAt()))
                .bind("revision", entry.revision())
                .execute() == 1);
    }

    @Override
    public Optional<IdempotencyEntry> find(long tokenId, String key) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS
                        + " FROM idempotency_keys WHERE token_id = :tokenId AND idem_key = :key")
                .bind("tokenId", tokenId)
                .bind("key", key)
                .map(JdbiIdempotencyStore::entry)
                .findOne());
    }

    @Override
    public boolean replace(IdempotencyEntry replacement, long expectedRevision) {
        return transactions.withHandle(handle -> handle.createUpdate("UPDATE idempotency_keys SET "
                        + "fingerprint = :fingerprint, status = :status, body = :body, location = :location, "
                        + "lease_until = :leaseUntil, expires_at = :expiresAt, revision = :revision "
                        + "WHERE token_id = :tokenId AND idem_key = :key AND revision = :expected")
                .bind("tokenId", replacement.tokenId())
                .bind("key", replacement.key())
                .bind("fingerprint", replacement.fingerprint())
                .bind("status", replacement.status())
                .bind("body", replacement.body())
                .bind("location", replacement.location())
                .bind("leaseUntil", TaskRows.timestamp(replacement.leaseUntil()))
                .bind("expiresAt", TaskRows.timestamp(replacement.expiresAt()))
                .bind("revision", replacement.revision())
                .bind("expected", expectedRevision)
                .execute() == 1);
    }

    @Override
    public boolean delete(long tokenId, String key, long expectedRevision) {
        return transactions.withHandle(handle -> handle.createUpdate("DELETE FROM idempotency_keys "
                        + "WHERE token_id = :tokenId AND idem_key = :key AND revision = :expected")
                .bind("tokenId", tokenId)
                .bind("key", key)
                .bind("expected", expectedRevision)
                .execute() == 1);
    }

    @Override
    public int deleteExpired(Instant now) {
        return transactions.withHandle(handle -> handle.createUpdate(
                        "DELETE FROM idempotency_keys WHERE expires_at <= :now")
                .bind("now", TaskRows.timestamp(now))
                .execute());
    }

    private static IdempotencyEntry entry(ResultSet row, StatementContext context) throws SQLException {
        return new IdempotencyEntry(row.getLong("token_id"), row.getString("idem_key"), row.getString("fingerprint"),
                row.getInt("status"), row.getString("body"), row.getString("location"),
                row.getObject("lease_until", OffsetDateTime.class).toInstant(),
                row.getObject("expires_at", OffsetDateTime.class).toInstant(), row.getLong("revision"));
    }
}
