package dev.tasklane.bench;

import java.sql.SQLException;
import java.time.Duration;

/**
 * What each party of the claim load spent over a span of it: the server process's processor time and its JIT
 * compilers' share of it, PostgreSQL's (every {@code postgres} process of the machine), the load generator's (this
 * process), all read from {@code /proc}, and the database's committed transactions.
 */
record SpanCost(double serverMs, double jitMs, double databaseMs, double loadMs, long commits) {
    /** The readings at the start of a span; {@link #end} reads them again and answers the difference. */
    record Start(ServerProcess server, PgTarget pg, Duration serverCpu, Duration jit, Duration database, Duration load,
                 long commits) {
        SpanCost end() throws SQLException {
            return new SpanCost(millis(server.cpu().minus(serverCpu)), millis(server.compilerCpu().minus(jit)),
                    millis(PgTarget.localPostgresCpu().minus(database)), millis(HttpLoad.ownCpu().minus(load)),
                    pg.commits() - commits);
        }
    }

    static Start start(ServerProcess server, PgTarget pg) throws SQLException {
        return new Start(server, pg, server.cpu(), server.compilerCpu(), PgTarget.localPostgresCpu(), HttpLoad.ownCpu(),
                pg.commits());
    }

    /** {@code ms} per cycle of {@code cycles} (at least one). */
    static double perCycle(double ms, long cycles) {
        return ms / Math.max(1, cycles);
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
