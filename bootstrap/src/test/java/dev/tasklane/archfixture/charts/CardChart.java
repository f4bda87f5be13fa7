package dev.tasklane.archfixture.charts;

import dev.tasklane.archfixture.domain.Card;

/** Breaks chartsArePure: the charts draw plain values, never a domain type. */
public final class CardChart {
    private CardChart() {
    }

    public static String draw(Card card) {
        return Axis.label(card.title());
    }
}
