package dev.tasklane.archfixture.json;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.archfixture.domain.Card;

/** Obeys jsonBindingsDependOnlyOnDomainAndJackson: the domain, Jackson and java.. only. Must not appear in any violation. */
public final class CardJson {
    private CardJson() {
    }

    public static ObjectNode write(Card card) {
        return JsonNodeFactory.instance.objectNode().put("title", card.title());
    }
}
