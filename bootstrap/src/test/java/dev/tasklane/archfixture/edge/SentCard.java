package dev.tasklane.archfixture.edge;

import dev.tasklane.archfixture.application.port.in.ClaimCardUseCase;
import dev.tasklane.archfixture.domain.Card;

import java.util.Map;

/** Allowed: the edge reads a plain tree and hands it to an inbound port. */
public final class SentCard {
    public Card claim(ClaimCardUseCase claims, Object body) {
        return claims.claim(body instanceof Map<?, ?> object ? String.valueOf(object.get("agent")) : "");
    }
}
