package dev.tasklane.archfixture.adapter.http;

import dev.tasklane.archfixture.application.port.out.CardStore;
import dev.tasklane.archfixture.domain.Card;

/** Breaks httpAdapterUsesOnlyItsLibraries but not httpAdapterNeverUsesServices: it uses an outbound port. */
public final class StoreController {
    private final CardStore store;

    public StoreController(CardStore store) {
        this.store = store;
    }

    public Card peek() {
        return store.next();
    }
}
