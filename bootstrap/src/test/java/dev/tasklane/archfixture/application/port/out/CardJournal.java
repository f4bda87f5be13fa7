package dev.tasklane.archfixture.application.port.out;

import dev.tasklane.archfixture.domain.Card;

/** An outbound port with a write, which only the fixture's Changes may call. */
public interface CardJournal {
    Card update(Card card);
}
