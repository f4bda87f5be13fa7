package dev.tasklane.adapter.web.view;

import java.util.List;

/** One of the board's four columns and its cards in order. */
public record BoardColumn(String name, String key, List<Card> cards) {
    public BoardColumn {
        cards = List.copyOf(cards);
    }
}
