package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.application.port.out.CardStore;
import dev.tasklane.archfixture.domain.Card;

import java.sql.SQLTransientConnectionException;

/**
 * Breaks databaseFailuresStayInTheJdbiAdapter: a service that recognises the pool's connection failure itself instead
 * of receiving the store adapter's translation.
 */
public final class RetryingCardService {
    private final CardStore store;

    public RetryingCardService(CardStore store) {
        this.store = store;
    }

    public Card next() {
        try {
            return store.next();
        } catch (IllegalStateException failed) {
            if (failed.getCause() instanceof SQLTransientConnectionException) {
                return null;
            }
            throw failed;
        }
    }
}
