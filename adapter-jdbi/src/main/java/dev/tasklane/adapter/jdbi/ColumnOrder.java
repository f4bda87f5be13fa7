package dev.tasklane.adapter.jdbi;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Where a constant list of columns is in a result: the hot readers read a row by column index, not by name. A query
 * selects the list as written, one column after the other, so one lookup by name (the first column's) and a check
 * of the labels after it find them all; any other layout is looked up by name, column by column. Looking up every
 * column by its name cost each row the driver's hash lookup per column, a twentieth of a claim cycle's samples.
 */
final class ColumnOrder {
    /** How far into a result the list may start and still be found by its first column alone. */
    private static final int BASES = 4;

    private final String[] labels;
    /** The indexes of {@link #labels} when they start at a result's first column, its second, ... */
    private final int[][] contiguous = new int[BASES][];

    /** The order of {@code columns}, a list as a query selects it ({@code "t.id, t.board_id"} or {@code "id, board_id"}). */
    ColumnOrder(String columns) {
        this.labels = Arrays.stream(columns.split(",")).map(String::trim)
                .map(column -> column.substring(column.indexOf('.') + 1)).toArray(String[]::new);
        for (int base = 1; base <= BASES; base++) {
            int[] at = new int[labels.length];
            for (int i = 0; i < at.length; i++) {
                at[i] = base + i;
            }
            contiguous[base - 1] = at;
        }
    }

    /** The index in {@code row} of each column of the list, in the list's order. */
    int[] in(ResultSet row) throws SQLException {
        int base = row.findColumn(labels[0]);
        ResultSetMetaData meta = row.getMetaData();
        boolean found = base <= BASES && base + labels.length - 1 <= meta.getColumnCount();
        for (int i = 1; found && i < labels.length; i++) {
            found = labels[i].equalsIgnoreCase(meta.getColumnLabel(base + i));
        }
        if (found) {
            return contiguous[base - 1];
        }
        int[] at = new int[labels.length];
        for (int i = 0; i < at.length; i++) {
            at[i] = row.findColumn(labels[i]);
        }
        return at;
    }
}
