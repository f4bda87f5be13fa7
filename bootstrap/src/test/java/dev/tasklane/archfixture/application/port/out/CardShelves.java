package dev.tasklane.archfixture.application.port.out;

import dev.tasklane.archfixture.domain.Card;

/**
 * An aggregate of narrow ports, for the store class that does every job: it declares one method and inherits twelve,
 * so portsStayNarrow passes it and noClassTakesAWidePort refuses it to a service.
 */
public interface CardShelves extends CardStore, WideCardStore.Part {
    Card shelve(Card card);
}
