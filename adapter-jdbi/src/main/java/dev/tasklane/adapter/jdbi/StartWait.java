package dev.tasklane.adapter.jdbi;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Function;

/**
 * Opens the pool, waiting up to {@link DatabaseTimeouts#start()} for a database that cannot be reached yet
 * (docs/operations.md, "Waiting for the database at start-up"). Only an unreachable database is waited for: a
 * connection refused or timed out, SQLSTATE class 08. A database that answers and refuses (a wrong password, a
 * database that does not exist, a role without rights) fails the start at once with its own message, since
 * waiting would not change the answer.
 */
final class StartWait {
    /** Between two attempts; each attempt itself is bounded by the connect timeout. */
    static final Duration PAUSE = Duration.ofSeconds(1);

    private StartWait() {
    }

    static HikariDataSource open(HikariConfig config, Duration wait) {
        return open(config, wait, HikariDataSource::new);
    }

    static HikariDataSource open(HikariConfig config, Duration wait, Function<HikariConfig, HikariDataSource> attempt) {
        // one attempt per pool: the retrying is ours, so that it can tell "not there yet" from "said no"
        config.setInitializationFailTimeout(1);
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            try {
                return attempt.apply(config);
            } catch (RuntimeException failed) {
                long left = deadline - System.nanoTime();
                if (!unreachable(failed) || left <= 0) {
                    throw failed;
                }
                pause(Math.min(left, PAUSE.toNanos()));
            }
        }
    }

    /** True when the failure says the database could not be reached, as opposed to a database that answered no. */
    static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState().startsWith("08");
            }
            if (cause instanceof ConnectException || cause instanceof SocketTimeoutException
                    || cause instanceof NoRouteToHostException || cause instanceof UnknownHostException) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    private static void pause(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the database to start", interrupted);
        }
    }
}
