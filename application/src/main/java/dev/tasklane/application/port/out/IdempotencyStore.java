package dev.tasklane.application.port.out;

import java.time.Instant;
import java.util.Optional;

/**
 * Where {@code Idempotency-Key}s are kept, shared by every server on the same store so that a retry sent to another
 * server is recognised. Each method joins the caller's transaction ({@link Transactions}) or runs in one of its own.
 * Entries are identified by token id and key; the store never interprets fingerprints or answers.
 */
public interface IdempotencyStore {
    /**
     * Inserts {@code entry} unless an entry with its token and key exists; true when inserted. Atomic against
     * concurrent inserts of the same key, across servers: exactly one of them returns true.
     */
    boolean insertIfAbsent(IdempotencyEntry entry);

    Optional<IdempotencyEntry> find(long tokenId, String key);

    /**
     * Replaces the stored entry with {@code replacement} if the stored one still has {@code expectedRevision};
     * false (and nothing written) when another request changed or removed it first.
     */
    boolean replace(IdempotencyEntry replacement, long expectedRevision);

    /** Removes the entry if it still has {@code expectedRevision}; false otherwise. */
    boolean delete(long tokenId, String key, long expectedRevision);

    /** Removes every entry whose {@code expiresAt} is not after {@code now}; returns how many. */
    int deleteExpired(Instant now);
}
