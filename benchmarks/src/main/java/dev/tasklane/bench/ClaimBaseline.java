package dev.tasklane.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reference Tasklane's claim throughput is divided by: a bare JDBC loop on the same PostgreSQL, each
 * connection claiming with the single statement {@code UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED
 * LIMIT 1)} and then completing with one more update, both autocommitted (durable commits, as the server's).
 */
final class ClaimBaseline {
    private static final String CLAIM = "UPDATE bench_queue SET status = 'doing', claimed_by = ?, claimed_at = now() "
            + "WHERE id = (SELECT id FROM bench_queue WHERE status = 'open' ORDER BY priority, id "
            + "FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id";
    private static final String COMPLETE = "UPDATE bench_queue SET status = 'done', completed_at = now() WHERE id = ?";

    private final PgTarget pg;

    ClaimBaseline(PgTarget pg) {
        this.pg = pg;
    }

    /** Fills the queue table with {@code rows} open rows (after a schema reset). */
    private double databaseMsPerCycle;

    void prepare(int rows) throws SQLException {
        pg.reset();
        try (Connection connection = pg.connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE bench_queue (id BIGSERIAL PRIMARY KEY, status TEXT NOT NULL, priority INT NOT NULL, "
                    + "claimed_by TEXT, claimed_at TIMESTAMPTZ, completed_at TIMESTAMPTZ, title TEXT NOT NULL)");
            statement.execute("INSERT INTO bench_queue (status, priority, title) SELECT 'open', g % 4, 'task ' || g "
                    + "FROM generate_series(1, " + rows + ") g");
            statement.execute("CREATE INDEX bench_queue_open ON bench_queue (status, priority, id)");
            statement.execute("ANALYZE bench_queue");
        }
    }

    /** PostgreSQL's processor time per claim + complete over the last measured window, ms. */
    double databaseMsPerCycle() {
        return databaseMsPerCycle;
    }

    /** Claim + complete cycles per second over {@code connections} connections for {@code seconds}. */
    double cyclesPerSecond(int connections, double warmupSeconds, double seconds) throws Exception {
        AtomicBoolean counting = new AtomicBoolean(false);
        AtomicBoolean stop = new AtomicBoolean(false);
        AtomicLong cycles = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            String agent = "baseline-" + c;
            Thread thread = new Thread(() -> {
                try (Connection connection = pg.connect();
                     PreparedStatement claim = connection.prepareStatement(CLAIM);
                     PreparedStatement complete = connection.prepareStatement(COMPLETE)) {
                    connection.setAutoCommit(true);
                    while (!stop.get()) {
                        claim.setString(1, agent);
                        long id;
                        try (ResultSet claimed = claim.executeQuery()) {
                            if (!claimed.next()) {
                                return;
                            }
                            id = claimed.getLong(1);
                        }
                        complete.setLong(1, id);
                        complete.executeUpdate();
                        if (counting.get()) {
                            cycles.incrementAndGet();
                        }
                    }
                } catch (SQLException failed) {
                    synchronized (failures) {
                        failures.add(failed);
                    }
                }
            }, agent);
            threads.add(thread);
            thread.start();
        }
        Thread.sleep((long) (warmupSeconds * 1000));
        counting.set(true);
        long started = System.nanoTime();
        // read while the loop's connections are open: a backend's processor time leaves /proc with its process
        java.time.Duration databaseBefore = PgTarget.localPostgresCpu();
        Thread.sleep((long) (seconds * 1000));
        long counted = cycles.get();
        double elapsed = (System.nanoTime() - started) / 1e9;
        databaseMsPerCycle = PgTarget.localPostgresCpu().minus(databaseBefore).toNanos() / 1e6 / Math.max(1, counted);
        stop.set(true);
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        return counted / elapsed;
    }
}
