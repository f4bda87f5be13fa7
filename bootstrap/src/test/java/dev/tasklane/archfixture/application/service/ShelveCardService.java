package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.application.port.out.CardJournal;
import dev.tasklane.archfixture.application.port.out.CardShelves;
import dev.tasklane.archfixture.domain.Card;

/**
 * Breaks noClassTakesAWidePort: the service holds the aggregate {@link CardShelves} (13 methods, 12 of them inherited)
 * where it calls one job. Its {@link CardJournal} is narrow and allowed.
 */
public final class ShelveCardService {
    private final CardShelves shelves;
    private final CardJournal journal;

    ShelveCardService(CardShelves shelves, CardJournal journal) {
        this.shelves = shelves;
        this.journal = journal;
    }

    public Card shelve(Card card) {
        return journal.update(shelves.shelve(card));
    }
}
