package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.statement.SqlStatement;

import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Where the values of a row go, each under its parameter's name: a JDBI statement's named parameters
 * ({@link #named}), or the next positional parameters of a {@link PlainStatement}, which checks that the names come
 * in the order of its text. One binding of a row (a task's writable columns, a history row, a flow row) then
 * serves both, and the statement's text is the only place the order is stated.
 */
interface SqlValues {
    /** Binds {@code value}, null for SQL NULL, as a value of {@code sqlType} ({@link Types}). */
    SqlValues value(String name, Object value, int sqlType);

    default SqlValues bigint(String name, long value) {
        return value(name, value, Types.BIGINT);
    }

    /** A BIGINT that may be SQL NULL. */
    default SqlValues nullableBigint(String name, Long value) {
        return value(name, value, Types.BIGINT);
    }

    default SqlValues integer(String name, int value) {
        return value(name, value, Types.INTEGER);
    }

    default SqlValues smallint(String name, short value) {
        return value(name, value, Types.SMALLINT);
    }

    default SqlValues bool(String name, boolean value) {
        return value(name, value, Types.BOOLEAN);
    }

    /** A character value, SQL NULL for null. */
    default SqlValues text(String name, String value) {
        return value(name, value, Types.VARCHAR);
    }

    /** A {@code TIMESTAMP WITH TIME ZONE} in UTC, SQL NULL for null. */
    default SqlValues timestamp(String name, Instant value) {
        return value(name, TaskRows.timestamp(value), Types.TIMESTAMP_WITH_TIMEZONE);
    }

    /** The named parameters of a JDBI statement. */
    static SqlValues named(SqlStatement<?> statement) {
        return new SqlValues() {
            @Override
            public SqlValues value(String name, Object value, int sqlType) {
                statement.bindByType(name, value, javaType(sqlType));
                return this;
            }
        };
    }

    /** The Java type JDBI binds a value of {@code sqlType} as. */
    private static Class<?> javaType(int sqlType) {
        return switch (sqlType) {
            case Types.BIGINT -> Long.class;
            case Types.INTEGER -> Integer.class;
            case Types.SMALLINT -> Short.class;
            case Types.BOOLEAN -> Boolean.class;
            case Types.VARCHAR -> String.class;
            case Types.TIMESTAMP_WITH_TIMEZONE -> OffsetDateTime.class;
            default -> throw new IllegalArgumentException("no binding for SQL type " + sqlType);
        };
    }
}
