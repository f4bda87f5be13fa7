package dev.tasklane.archfixture.cycle.column;

import dev.tasklane.archfixture.cycle.board.BoardView;

/** The other half of the package cycle: a column that knows its board. */
public record ColumnView(String name, BoardView board) {
}
