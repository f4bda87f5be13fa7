package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.TokenStore.Credentials;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Board;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The credentials of recently used tokens (token, user, board, access), so that a request authenticates without
 * a statement (docs/operations.md, "Authentication cache"), and the boards with their columns that use cases read
 * by id, so that a claim or a completion does not read its board again. Both are entries of one kind. An entry lives at most {@link #lifetime()}; every
 * change to the directory empties the cache, on this server when the changing transaction ends and on the others
 * through the relay's {@code tasklane_directory} notification ({@link PostgresEventRelay}), so a revoked token
 * fails at once on every server whose listener is connected and within the lifetime on any other.
 *
 * <p>A read that started before an emptying is not kept: each empties raises a generation, and a loaded entry is
 * stored only if the generation did not move while it was read, so that a read racing a revocation cannot put the
 * revoked credentials back after the emptying.
 */
final class DirectoryCache {
    /** The longest a cached entry answers; a revocation empties the cache sooner (see the class). */
    static final Duration DEFAULT_LIFETIME = Duration.ofSeconds(1);
    /** The most entries kept; past it the cache is emptied (one statement per token then refills it). */
    static final int MAX_ENTRIES = 10_000;

    private record Entry(Object value, long loadedAtNanos) {
    }

    /** The key of a board's entry (credentials are keyed by their token's hash, a string). */
    private record BoardKey(BoardId id) {
    }

    private final ConcurrentHashMap<Object, Entry> entries = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private volatile long lifetimeNanos = DEFAULT_LIFETIME.toNanos();

    Duration lifetime() {
        return Duration.ofNanos(lifetimeNanos);
    }

    /** Sets the lifetime of entries; zero turns the cache off. */
    void lifetime(Duration lifetime) {
        if (lifetime.isNegative()) {
            throw new IllegalArgumentException("a cache lifetime is not negative: " + lifetime);
        }
        lifetimeNanos = lifetime.toNanos();
        clear();
    }

    /** The cached credentials of {@code tokenHash}, if an entry younger than the lifetime holds them. */
    Optional<Credentials> fresh(String tokenHash) {
        return fresh((Object) tokenHash).map(Credentials.class::cast);
    }

    private Optional<Object> fresh(Object key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return Optional.empty();
        }
        if (System.nanoTime() - entry.loadedAtNanos() >= lifetimeNanos) {
            entries.remove(key, entry);
            return Optional.empty();
        }
        return Optional.of(entry.value());
    }

    /** The board with this id: the cached one while fresh, else read with {@code read} and kept. */
    Optional<Board> board(BoardId id, Supplier<Optional<Board>> read) {
        BoardKey key = new BoardKey(id);
        Optional<Object> cached = fresh(key);
        if (cached.isPresent()) {
            return cached.map(Board.class::cast);
        }
        return keep(key, read);
    }

    /**
     * Reads the credentials with {@code read} and keeps them, unless the cache was emptied meanwhile (or is off).
     * Unknown hashes are not kept: a token created later must be found at once.
     */
    Optional<Credentials> load(String tokenHash, Supplier<Optional<Credentials>> read) {
        return keep(tokenHash, read);
    }

    private <T> Optional<T> keep(Object key, Supplier<Optional<T>> read) {
        long before = generation.get();
        long at = System.nanoTime();
        Optional<T> found = read.get();
        if (found.isPresent() && lifetimeNanos > 0) {
            if (entries.size() >= MAX_ENTRIES) {
                entries.clear();
            }
            entries.put(key, new Entry(found.get(), at));
            if (generation.get() != before) {
                // emptied while this read ran: what it read may be what the emptying revoked
                entries.remove(key);
            }
        }
        return found;
    }

    /** Forgets every entry: the directory changed here or on another server. */
    void clear() {
        generation.incrementAndGet();
        entries.clear();
    }
}
