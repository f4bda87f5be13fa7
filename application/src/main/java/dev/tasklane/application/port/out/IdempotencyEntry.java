package dev.tasklane.application.port.out;

import java.time.Instant;
import java.util.Objects;

/**
 * One {@code Idempotency-Key} as the store keeps it: scoped to the API token that sent it, with the fingerprint of
 * the first request (a hash of its method, path and body) and, once that request has answered, the answer to
 * replay. A pending entry (no answer yet) belongs to the request running under it until {@code leaseUntil}; after
 * that its server is presumed dead and another request may take the key over. The entry is kept until
 * {@code expiresAt}. {@code revision} changes on every write, so that a write based on a stale read is refused
 * ({@link IdempotencyStore#replace}).
 *
 * @param status   the answer's HTTP status; 0 while pending
 * @param body     the answer's body; null while pending
 * @param location the answer's {@code Location} header, or null
 */
public record IdempotencyEntry(long tokenId, String key, String fingerprint, int status, String body,
                               String location, Instant leaseUntil, Instant expiresAt, long revision) {
    public IdempotencyEntry {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(leaseUntil, "leaseUntil");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (status != 0 && body == null) {
            throw new IllegalArgumentException("an answered entry needs its body");
        }
    }

    /** A fresh reservation: pending, leased until {@code leaseUntil}. */
    public static IdempotencyEntry pending(long tokenId, String key, String fingerprint, Instant leaseUntil,
                                           Instant expiresAt) {
        return new IdempotencyEntry(tokenId, key, fingerprint, 0, null, null, leaseUntil, expiresAt, 1);
    }

    /** Whether the first request has answered. */
    public boolean answered() {
        return status != 0;
    }

    /** This entry answered with {@code status}, {@code body} and {@code location}, kept until {@code keepUntil}. */
    public IdempotencyEntry answer(int answerStatus, String answerBody, String answerLocation, Instant keepUntil) {
        return new IdempotencyEntry(tokenId, key, fingerprint, answerStatus, answerBody, answerLocation, leaseUntil,
                keepUntil, revision + 1);
    }

    /** A new reservation of this key by another request (the old entry expired or its lease ran out). */
    public IdempotencyEntry retake(String newFingerprint, Instant newLeaseUntil, Instant newExpiresAt) {
        return new IdempotencyEntry(tokenId, key, newFingerprint, 0, null, null, newLeaseUntil, newExpiresAt,
                revision + 1);
    }
}
