package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * One of the board's four columns and its cards in order; {@code wipLimit} is the column's WIP limit (null: none) and
 * {@code held} the tasks it holds on the whole board, whatever the filters, shown as {@code held / limit}.
 */
public record BoardColumn(String name, String key, List<Card> cards, Integer wipLimit, int held) {
    public BoardColumn {
        cards = List.copyOf(cards);
    }

    public boolean atLimit() {
        return wipLimit != null && held >= wipLimit;
    }
}
