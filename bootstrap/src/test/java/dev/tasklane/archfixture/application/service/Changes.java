package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.application.port.out.CardJournal;
import dev.tasklane.archfixture.domain.Card;

/** Allowed by tasksAreWrittenOnlyThroughChanges: the one class that writes through the outbound port. */
final class Changes {
    private final CardJournal journal;

    Changes(CardJournal journal) {
        this.journal = journal;
    }

    Card update(Card card) {
        return journal.update(card);
    }
}
