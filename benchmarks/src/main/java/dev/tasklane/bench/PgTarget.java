package dev.tasklane.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The PostgreSQL database the bench may use. Every phase starts from an empty schema: the bench drops and
 * recreates the {@code public} schema of this database, so point it at a database of its own.
 */
record PgTarget(String url, String user, String password) {

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /** Drops everything in the database's public schema. */
    void reset() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS public CASCADE");
            statement.execute("CREATE SCHEMA public");
        }
    }

    /**
     * Leaves the database as quiet as it can be made before a measured start: the tables vacuumed and analysed, so that
     * autovacuum does not choose the measured seconds for the rows just written, and a checkpoint, so that no
     * checkpoint's writes fall in them either. A role that may not checkpoint skips that step and says so.
     */
    void settle() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("VACUUM (ANALYZE)");
            try {
                statement.execute("CHECKPOINT");
            } catch (SQLException refused) {
                System.out.println("   (no CHECKPOINT before the measured start: " + refused.getMessage() + ")");
            }
        }
    }

    /** The transactions committed in this database so far ({@code pg_stat_database}, every client's). */
    long commits() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_stat_clear_snapshot()");
            try (ResultSet result = statement.executeQuery(
                    "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    /**
     * The processor time every PostgreSQL process of this machine used so far (Linux: {@code /proc/<pid>/stat} of the
     * processes named {@code postgres}, user and system, at the kernel's 100 ticks per second): the database's own
     * work, when the database runs on the machine that runs the bench (zero where {@code /proc} is not there, and a
     * figure that means nothing for a remote database).
     */
    static Duration localPostgresCpu() {
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return Duration.ZERO;
        }
        long ticks = 0;
        try (var processes = Files.list(proc)) {
            for (Path process : (Iterable<Path>) processes::iterator) {
                if (!process.getFileName().toString().chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String stat = Files.readString(process.resolve("stat"));
                    int open = stat.indexOf('(');
                    int close = stat.lastIndexOf(')');
                    if (open < 0 || close < open || !stat.substring(open + 1, close).equals("postgres")) {
                        continue;
                    }
                    String[] fields = stat.substring(close + 2).split(" ");
                    ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                } catch (IOException | RuntimeException gone) {
                    // the process ended while it was read
                }
            }
        } catch (IOException unreadable) {
            return Duration.ZERO;
        }
        return Duration.ofMillis(ticks * 10);
    }

    String serverVersion() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SHOW server_version")) {
            result.next();
            return result.getString(1);
        }
    }
}
