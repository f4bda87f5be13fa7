package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.SqlStatement;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Many rows of one table bound as one array per column, for {@code INSERT INTO t (a, b) SELECT u.a, u.b FROM
 * UNNEST(:a, :b) AS u (a, b)}: the statement has as many parameters as the table has columns, whatever the number
 * of rows, and its text is the same for every size. A batch binds every value of every row through JDBI's argument
 * lookup and, on PostgreSQL, is rewritten into multi-row {@code INSERT}s of thousands of parameters that the
 * database parses and plans for each size; for the largest create request (a hundred tasks, about 1,900
 * dependency rows) that binding was the largest part of the server's CPU. PostgreSQL and H2 (in PostgreSQL mode)
 * both read typed arrays in {@code UNNEST}, nulls included, so one text serves both.
 */
final class ArrayRows {
    private final String[] columns;
    private final String[] sqlTypes;
    private final List<List<Object>> values;

    /**
     * @param columns the columns, {@code "a, b, c"}, each also the name of its array parameter
     * @param types   the Java type of each column's values, in the same order: {@code Long}, {@code Integer},
     *                {@code String}, {@code Boolean} or {@code OffsetDateTime}
     */
    ArrayRows(String columns, Class<?>... types) {
        this.columns = columns.split(", ");
        if (this.columns.length != types.length) {
            throw new IllegalArgumentException(this.columns.length + " columns, " + types.length + " types");
        }
        this.sqlTypes = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            sqlTypes[i] = sqlType(types[i]);
        }
        this.values = new ArrayList<>(types.length);
        for (int i = 0; i < types.length; i++) {
            values.add(new ArrayList<>());
        }
    }

    /** Adds a row: one value per column, in the columns' order; null for SQL NULL. */
    ArrayRows add(Object... row) {
        if (row.length != columns.length) {
            throw new IllegalArgumentException(row.length + " values for " + columns.length + " columns");
        }
        for (int i = 0; i < row.length; i++) {
            values.get(i).add(row[i]);
        }
        return this;
    }

    int size() {
        return values.get(0).size();
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** {@code SELECT u.a, u.b FROM UNNEST(:a, :b) AS u (a, b)}: the rows, for an {@code INSERT ... SELECT}. */
    static String select(String columns) {
        List<String> names = Arrays.asList(columns.split(", "));
        return "SELECT " + names.stream().map(name -> "u." + name).collect(Collectors.joining(", "))
                + " FROM UNNEST(" + names.stream().map(name -> ":" + name).collect(Collectors.joining(", "))
                + ") AS u (" + columns + ")";
    }

    /** {@code INSERT INTO table (a, b) SELECT ... FROM UNNEST(:a, :b) ...} for these columns. */
    static String insert(String table, String columns) {
        return "INSERT INTO " + table + " (" + columns + ") " + select(columns);
    }

    /**
     * Binds every column's values as one array parameter named after the column. The array is made by the driver
     * ({@link java.sql.Connection#createArrayOf}) and bound as it is, without JDBI's lookup of an argument factory for
     * the values' type, which resolves generic types anew for every array.
     */
    <S extends SqlStatement<S>> S bind(S statement) {
        for (int i = 0; i < columns.length; i++) {
            String sqlType = sqlTypes[i];
            Object[] array = values.get(i).toArray();
            statement.bind(columns[i], (Argument) (position, prepared, context) ->
                    prepared.setArray(position, prepared.getConnection().createArrayOf(sqlType, array)));
        }
        return statement;
    }

    /** The SQL type of the arrays' elements, as {@link java.sql.Connection#createArrayOf} names it. */
    private static String sqlType(Class<?> type) {
        if (type == Long.class) {
            return "bigint";
        } else if (type == Integer.class) {
            return "integer";
        } else if (type == String.class) {
            return "varchar";
        } else if (type == Boolean.class) {
            return "boolean";
        } else if (type == OffsetDateTime.class) {
            return "timestamptz";
        }
        throw new IllegalArgumentException("no SQL array type for " + type.getName());
    }
}
