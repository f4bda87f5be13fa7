package dev.tasklane.archfixture.application.port.out;

import dev.tasklane.archfixture.domain.Card;

/** An outbound port; store adapters implement it, the HTTP adapter must not use it. */
public interface CardStore {
    Card next();
}
