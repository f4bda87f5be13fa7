package dev.tasklane.application.service;

import dev.tasklane.application.port.in.IdempotencyUseCase;
import dev.tasklane.application.port.out.IdempotencyEntry;
import dev.tasklane.application.port.out.IdempotencyStore;
import dev.tasklane.application.port.out.Transactions;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * Reserves, answers and releases {@code Idempotency-Key}s in the {@link IdempotencyStore}, each step one short
 * transaction of its own (never the write's transaction: the reservation must be visible to other servers while the
 * write runs). A reservation is leased: if its server dies before answering, the key is free again once the lease
 * ran out, instead of staying stuck for the whole retention period. Answered keys are kept for the retention
 * period, counted from the answer.
 */
final class IdempotencyService implements IdempotencyUseCase {
    private final IdempotencyStore store;
    private final Transactions transactions;
    private final Clock clock;
    private final Duration retention;
    private final Duration lease;

    IdempotencyService(IdempotencyStore store, Transactions transactions, Clock clock, Duration retention,
                       Duration lease) {
        this.store = Objects.requireNonNull(store, "store");
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.retention = positive(retention, "retention");
        this.lease = positive(lease, "lease");
    }

    @Override
    public Outcome begin(long tokenId, String key, String fingerprint) {
        return transactions.inTransaction(() -> {
            Instant now = now();
            IdempotencyEntry reservation = IdempotencyEntry.pending(tokenId, key, fingerprint, now.plus(lease),
                    now.plus(retention));
            if (store.insertIfAbsent(reservation)) {
                return new Proceed();
            }
            Optional<IdempotencyEntry> found = store.find(tokenId, key);
            if (found.isEmpty()) {
                // purged between the insert and the read: one more insert decides
                return store.insertIfAbsent(reservation) ? new Proceed() : new InFlight();
            }
            IdempotencyEntry existing = found.get();
            boolean expired = !existing.expiresAt().isAfter(now);
            boolean abandoned = !existing.answered() && !existing.leaseUntil().isAfter(now);
            if (expired || abandoned) {
                IdempotencyEntry retaken = existing.retake(fingerprint, now.plus(lease), now.plus(retention));
                return store.replace(retaken, existing.revision()) ? new Proceed() : new InFlight();
            }
            if (!existing.fingerprint().equals(fingerprint)) {
                return new Mismatch();
            }
            if (!existing.answered()) {
                return new InFlight();
            }
            return new Replay(new Answer(existing.status(), existing.body(), existing.location()));
        });
    }

    @Override
    public boolean finish(long tokenId, String key, String fingerprint, Answer answer) {
        Objects.requireNonNull(answer, "answer");
        return transactions.inTransaction(() -> {
            Optional<IdempotencyEntry> mine = reservation(tokenId, key, fingerprint);
            return mine.isPresent() && store.replace(
                    mine.get().answer(answer.status(), answer.body(), answer.location(), now().plus(retention)),
                    mine.get().revision());
        });
    }

    @Override
    public void abandon(long tokenId, String key, String fingerprint) {
        transactions.inTransaction(() -> reservation(tokenId, key, fingerprint)
                .map(mine -> store.delete(tokenId, key, mine.revision()))
                .orElse(false));
    }

    @Override
    public int purgeExpired() {
        return transactions.inTransaction(() -> store.deleteExpired(now()));
    }

    /** The pending reservation of this request, if it still holds the key. */
    private Optional<IdempotencyEntry> reservation(long tokenId, String key, String fingerprint) {
        return store.find(tokenId, key)
                .filter(entry -> !entry.answered() && entry.fingerprint().equals(fingerprint));
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static Duration positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("the idempotency " + name + " must be positive, got " + value);
        }
        return value;
    }

    /** Without a store: every request proceeds, keys are not remembered (embedding without an HTTP edge). */
    static final class Unremembered implements IdempotencyUseCase {
        @Override
        public Outcome begin(long tokenId, String key, String fingerprint) {
            return new Proceed();
        }

        @Override
        public boolean finish(long tokenId, String key, String fingerprint, Answer answer) {
            return false;
        }

        @Override
        public void abandon(long tokenId, String key, String fingerprint) {
            // nothing was reserved
        }

        @Override
        public int purgeExpired() {
            return 0;
        }
    }
}
