package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.statement.SqlStatement;

import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Where the values of a row go, each under its parameter's name: a JDBI statement's named parameters
 * ({@link #named}), or the next positional parameters of a {@link PlainStatement}, which checks that the names come
 * in the order of its text. One binding of a row (a task's writable columns, a history row, a flow row) then
 * serves both, and the statement's text is the only place the order is stated.
 */
interface SqlValues {
    SqlValues bigint(String name, long value);

    /** A BIGINT that may be SQL NULL. */
    SqlValues nullableBigint(String name, Long value);

    SqlValues integer(String name, int value);

    SqlValues smallint(String name, short value);

    SqlValues bool(String name, boolean value);

    /** A character value, SQL NULL for null. */
    SqlValues text(String name, String value);

    /** A {@code TIMESTAMP WITH TIME ZONE} in UTC, SQL NULL for null. */
    SqlValues timestamp(String name, Instant value);

    /** The named parameters of a JDBI statement. */
    static SqlValues named(SqlStatement<?> statement) {
        return new SqlValues() {
            @Override
            public SqlValues bigint(String name, long value) {
                statement.bind(name, value);
                return this;
            }

            @Override
            public SqlValues nullableBigint(String name, Long value) {
                statement.bindByType(name, value, Long.class);
                return this;
            }

            @Override
            public SqlValues integer(String name, int value) {
                statement.bind(name, value);
                return this;
            }

            @Override
            public SqlValues smallint(String name, short value) {
                statement.bind(name, value);
                return this;
            }

            @Override
            public SqlValues bool(String name, boolean value) {
                statement.bind(name, value);
                return this;
            }

            @Override
            public SqlValues text(String name, String value) {
                statement.bindByType(name, value, String.class);
                return this;
            }

            @Override
            public SqlValues timestamp(String name, Instant value) {
                statement.bindByType(name, TaskRows.timestamp(value), OffsetDateTime.class);
                return this;
            }
        };
    }
}
