package dev.tasklane.archfixture.adapter.http;

import dev.tasklane.archfixture.application.port.in.ClaimCardUseCase;
import dev.tasklane.archfixture.application.service.ClaimCardService;
import dev.tasklane.archfixture.domain.Card;

/**
 * Breaks httpAdapterNeverUsesServices (and so httpAdapterUsesOnlyItsLibraries): it constructs the service class.
 * Its dependency on the inbound port {@link ClaimCardUseCase} is allowed.
 */
public final class CardController {
    private final ClaimCardUseCase useCase = new ClaimCardService();

    public Card claim(String agent) {
        return useCase.claim(agent);
    }
}
