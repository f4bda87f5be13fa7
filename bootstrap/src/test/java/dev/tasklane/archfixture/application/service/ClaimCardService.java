package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.adapter.inmemory.InMemoryCardStore;
import dev.tasklane.archfixture.application.port.in.ClaimCardUseCase;
import dev.tasklane.archfixture.domain.Card;

/** Breaks applicationDependsOnlyOnDomain: the service builds a concrete adapter instead of using its outbound port. */
public final class ClaimCardService implements ClaimCardUseCase {
    private final InMemoryCardStore store = new InMemoryCardStore();

    @Override
    public Card claim(String agent) {
        return store.next();
    }
}
