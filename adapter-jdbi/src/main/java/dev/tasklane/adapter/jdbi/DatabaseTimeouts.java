package dev.tasklane.adapter.jdbi;

import java.time.Duration;
import java.util.Objects;

/**
 * How long the stores wait on the database before giving up, so that an outage answers fast instead of hanging:
 *
 * <ul>
 *   <li>{@code connect}: the longest a unit of work waits for a pooled connection (HikariCP
 *       {@code connectionTimeout}), and the driver's connect and login timeouts for a new one;</li>
 *   <li>{@code statement}: PostgreSQL's {@code statement_timeout} for every statement of the pool;</li>
 *   <li>{@code lock}: PostgreSQL's {@code lock_timeout}; a lock not granted in time is a collision that the
 *       use-case runner retries;</li>
 *   <li>{@code start}: how long opening the stores waits for PostgreSQL at start-up (HikariCP
 *       {@code initializationFailTimeout}): the first connection is tried again, about once a second and each
 *       attempt within {@code connect}, until one succeeds or this has passed; zero tries once. A database that
 *       comes up after the server, or a first connection slowed by a busy machine, does not stop the start,
 *       while {@code connect} stays as short as an outage should be noticed in. H2 opens in-process and tries
 *       once.</li>
 * </ul>
 *
 * <p>The driver's socket timeout is {@link #socket()}, the statement timeout plus the connect timeout: a
 * connection whose database went silent (a network stall, a frozen host) fails after it instead of waiting for
 * TCP to notice. The statement and lock timeouts apply to PostgreSQL; H2 runs in-process and keeps its own
 * {@code LOCK_TIMEOUT}.
 */
public record DatabaseTimeouts(Duration connect, Duration statement, Duration lock, Duration start) {
    public static final Duration DEFAULT_CONNECT = Duration.ofSeconds(3);
    public static final Duration DEFAULT_STATEMENT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_LOCK = Duration.ofSeconds(3);
    public static final Duration DEFAULT_START = Duration.ofSeconds(10);
    /** HikariCP refuses a connection timeout below 250 ms. */
    static final Duration MIN_CONNECT = Duration.ofMillis(250);

    public DatabaseTimeouts {
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(lock, "lock");
        Objects.requireNonNull(start, "start");
        if (connect.compareTo(MIN_CONNECT) < 0) {
            throw new IllegalArgumentException("the connect timeout must be at least " + MIN_CONNECT.toMillis()
                    + " ms, got " + connect.toMillis() + " ms");
        }
        if (statement.isNegative() || statement.isZero() || lock.isNegative() || lock.isZero()) {
            throw new IllegalArgumentException("statement and lock timeouts must be positive");
        }
        if (start.isNegative()) {
            throw new IllegalArgumentException("the start-up wait must not be negative, got " + start);
        }
    }

    /** These timeouts with the default start-up wait, {@link #DEFAULT_START}. */
    public DatabaseTimeouts(Duration connect, Duration statement, Duration lock) {
        this(connect, statement, lock, DEFAULT_START);
    }

    /** 3 s to get a connection, 10 s per statement, 3 s per lock, up to 10 s for the database at start-up. */
    public static DatabaseTimeouts defaults() {
        return new DatabaseTimeouts(DEFAULT_CONNECT, DEFAULT_STATEMENT, DEFAULT_LOCK, DEFAULT_START);
    }

    /** This with another start-up wait. */
    public DatabaseTimeouts withStart(Duration wait) {
        return new DatabaseTimeouts(connect, statement, lock, wait);
    }

    /** The driver's socket (read) timeout: see the class comment. */
    public Duration socket() {
        return statement.plus(connect);
    }
}
