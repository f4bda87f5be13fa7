package dev.tasklane.archfixture.cycle.board;

import dev.tasklane.archfixture.cycle.column.ColumnView;

import java.util.List;

/** Half of a package cycle (cycle.board -> cycle.column -> cycle.board): breaks noPackageCycles. */
public record BoardView(List<ColumnView> columns) {
}
