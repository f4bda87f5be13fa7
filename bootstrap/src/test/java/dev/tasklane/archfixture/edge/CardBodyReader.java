package dev.tasklane.archfixture.edge;

import dev.tasklane.archfixture.application.service.ClaimCardService;
import dev.tasklane.archfixture.domain.Card;

/** Breaks edgeUsesOnlyTheInboundPorts: the edge reaches a service instead of an inbound port. */
public final class CardBodyReader {
    public Card claimFor(String agent) {
        return new ClaimCardService().claim(agent);
    }
}
