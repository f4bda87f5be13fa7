package dev.tasklane.archfixture.adapter.web;

import dev.tasklane.archfixture.application.port.in.ClaimCardUseCase;
import dev.tasklane.archfixture.application.port.out.CardStore;
import dev.tasklane.archfixture.application.service.ClaimCardService;
import dev.tasklane.archfixture.domain.Card;

/**
 * Breaks webAdapterNeverUsesServices (it constructs the service class) and webAdapterUsesOnlyItsLibraries (it also
 * holds an outbound port). Its dependency on the inbound port {@link ClaimCardUseCase} is allowed.
 */
public final class BoardPage {
    private final ClaimCardUseCase useCase = new ClaimCardService();
    private CardStore store;

    public void use(CardStore given) {
        this.store = given;
    }

    public Card claim(String agent) {
        return store == null ? useCase.claim(agent) : null;
    }
}
