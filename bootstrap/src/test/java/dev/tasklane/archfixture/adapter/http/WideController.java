package dev.tasklane.archfixture.adapter.http;

import dev.tasklane.archfixture.application.port.in.ClaimCardUseCase;
import dev.tasklane.archfixture.application.port.in.WideCardUseCase;
import dev.tasklane.archfixture.domain.Card;

/**
 * Breaks noClassTakesAWidePort: a route that takes the wide {@link WideCardUseCase} (9 methods) to call one action.
 * Its {@link ClaimCardUseCase} is narrow and allowed.
 */
public final class WideController {
    private final WideCardUseCase cards;
    private final ClaimCardUseCase claims;

    public WideController(WideCardUseCase cards, ClaimCardUseCase claims) {
        this.cards = cards;
        this.claims = claims;
    }

    public Card first(String agent) {
        return cards.action1(agent) == null ? claims.claim(agent) : cards.action1(agent);
    }
}
