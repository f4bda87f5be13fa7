package dev.tasklane.adapter.jdbi;

import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Records the calls on the stores' connections that cost a round trip to the database besides the statements
 * JDBI runs: commits, rollbacks, savepoints, and asking or setting the isolation level (which the PostgreSQL
 * driver answers with a {@code SHOW} or a {@code SET} of its own). Pass it to
 * {@link JdbiStores#open(Database, DatabaseTimeouts, UnaryOperator)}; it records only between {@link #start()}
 * and {@link #stop()}.
 */
final class ConnectionWatch implements UnaryOperator<Connection> {
    private static final Set<String> ROUND_TRIPS = Set.of("commit", "rollback", "setSavepoint", "releaseSavepoint",
            "getTransactionIsolation", "setTransactionIsolation");

    private final List<String> calls = new ArrayList<>();
    private volatile boolean recording;

    @Override
    public Connection apply(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, arguments) -> {
                    if (recording && ROUND_TRIPS.contains(method.getName())) {
                        String call = method.getName().equals("commit") && committedAlready(connection)
                                ? COMMITTED_WITH_STATEMENT : method.getName();
                        synchronized (calls) {
                            calls.add(call);
                        }
                    }
                    try {
                        return method.invoke(connection, arguments);
                    } catch (InvocationTargetException thrown) {
                        throw thrown.getCause();
                    }
                });
    }

    /**
     * What a commit is recorded as when the transaction's last statement already carried it: the driver then sends
     * nothing (PostgreSQL: the outbox statement, UnitOfWork#mayCommitWithStatement).
     */
    static final String COMMITTED_WITH_STATEMENT = "commit sent with the last statement";

    /** Whether the PostgreSQL driver knows the transaction ended already, so that its commit makes no round trip. */
    private static boolean committedAlready(Connection connection) throws java.sql.SQLException {
        return connection.isWrapperFor(BaseConnection.class)
                && connection.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE;
    }

    void start() {
        synchronized (calls) {
            calls.clear();
        }
        recording = true;
    }

    /** Stops recording; answers the calls recorded since {@link #start()}, in order. */
    List<String> stop() {
        recording = false;
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }
}
