package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.SqlStatement;

import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
final class ArrayRows implements SqlValues {
    private final String[] columns;
    private final Map<String, Integer> parameters = new HashMap<>();
    private final int[] sqlTypes;
    private final List<List<Object>> values;

    /** Rows whose values are bound under their columns' names, {@code "a, b, c"}. */
    ArrayRows(String columns) {
        this(columns, columns);
    }

    /**
     * @param columns    the columns, {@code "a, b, c"}, each also the name of its array parameter
     * @param parameters the names a row's binding gives the columns' values ({@link SqlValues}), in the same order: the
     *                   binding a one-row statement uses, so that one piece of code binds a row both ways
     */
    ArrayRows(String columns, String parameters) {
        this.columns = columns.split(", ");
        String[] names = parameters.split(", ");
        if (this.columns.length != names.length) {
            throw new IllegalArgumentException(this.columns.length + " columns, " + names.length + " parameters");
        }
        for (int i = 0; i < names.length; i++) {
            this.parameters.put(names[i], i);
        }
        this.sqlTypes = new int[names.length];
        this.values = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            values.add(new ArrayList<>());
        }
    }

    /** Adds {@code value} to the array of the column bound as {@code name}; a row is one value for every column. */
    @Override
    public ArrayRows value(String name, Object value, int sqlType) {
        Integer column = parameters.get(name);
        if (column == null) {
            throw new IllegalArgumentException("no column is bound as :" + name + " among " + parameters.keySet());
        }
        if (sqlTypes[column] != 0 && sqlTypes[column] != sqlType) {
            throw new IllegalArgumentException(":" + name + " is bound as SQL type " + sqlType + " after " + sqlTypes[column]);
        }
        sqlTypes[column] = sqlType;
        values.get(column).add(value);
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
            if (values.get(i).size() != size()) {
                throw new IllegalStateException("column " + columns[i] + " has " + values.get(i).size() + " values for "
                        + size() + " rows");
            }
            String sqlType = elementType(sqlTypes[i], columns[i]);
            Object[] array = values.get(i).toArray();
            statement.bind(columns[i], (Argument) (position, prepared, context) ->
                    prepared.setArray(position, prepared.getConnection().createArrayOf(sqlType, array)));
        }
        return statement;
    }

    /** The SQL type of an array's elements, as {@link java.sql.Connection#createArrayOf} names it. */
    private static String elementType(int sqlType, String column) {
        return switch (sqlType) {
            case Types.BIGINT -> "bigint";
            case Types.INTEGER -> "integer";
            case Types.SMALLINT -> "smallint";
            case Types.BOOLEAN -> "boolean";
            case Types.VARCHAR -> "varchar";
            case Types.TIMESTAMP_WITH_TIMEZONE -> "timestamptz";
            default -> throw new IllegalStateException("no SQL array type for column " + column + " (" + sqlType + ")");
        };
    }
}
