package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleListener;
import org.jdbi.v3.core.Handles;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.SqlStatements;
import org.jdbi.v3.core.statement.StatementContext;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Counts what a unit of work costs the database: the SQL statements run, through JDBI or as a {@link PlainStatement},
 * and the handles opened (each {@code inTransaction} opens one handle for its one transaction). Attach it around the
 * work only.
 */
final class StatementCounter {
    /** What one piece of work ran. */
    record Cost(List<String> statements, int transactions) {
        int count() {
            return statements.size();
        }

        @Override
        public String toString() {
            return statements.size() + " statements in " + transactions + " transaction(s):\n  "
                    + String.join("\n  ", statements);
        }
    }

    private StatementCounter() {
    }

    static <T> Cost measure(JdbiStores stores, Supplier<T> work) {
        List<String> statements = new ArrayList<>();
        int[] handles = {0};
        SqlLogger logger = new SqlLogger() {
            @Override
            public void logBeforeExecution(StatementContext context) {
                synchronized (statements) {
                    statements.add(context.getRenderedSql().replaceAll("\\s+", " "));
                }
            }
        };
        HandleListener listener = new HandleListener() {
            @Override
            public void handleCreated(Handle handle) {
                synchronized (statements) {
                    handles[0]++;
                }
            }
        };
        SqlStatements config = stores.jdbi().getConfig(SqlStatements.class);
        SqlLogger previous = config.getSqlLogger();
        config.setSqlLogger(logger);
        java.util.function.Consumer<String> plain = sql -> {
            synchronized (statements) {
                statements.add(sql.replaceAll("\\s+", " "));
            }
        };
        config.define(PlainStatement.OBSERVER, plain);
        stores.jdbi().getConfig(Handles.class).addListener(listener);
        try {
            work.get();
        } finally {
            stores.jdbi().getConfig(Handles.class).removeListener(listener);
            config.define(PlainStatement.OBSERVER, null);
            config.setSqlLogger(previous);
        }
        synchronized (statements) {
            return new Cost(List.copyOf(statements), handles[0]);
        }
    }
}
