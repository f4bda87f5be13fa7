package dev.tasklane.archfixture.adapter.inmemory;

import dev.tasklane.archfixture.adapter.jdbi.JdbiCardStore;
import dev.tasklane.archfixture.application.port.out.CardStore;
import dev.tasklane.archfixture.domain.Card;

/** Breaks adaptersDoNotDependOnEachOther and inMemoryAdapterUsesOnlyItsLibraries: it delegates to the JDBI adapter. */
public final class InMemoryCardStore implements CardStore {
    private final JdbiCardStore fallback = new JdbiCardStore();

    @Override
    public Card next() {
        return fallback.next();
    }
}
