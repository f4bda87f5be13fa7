package dev.tasklane.archfixture.json;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.archfixture.application.port.in.ClaimCardUseCase;

/** Breaks jsonBindingsDependOnlyOnDomainAndJackson: the JSON bindings call a use case of the application. */
public final class ClaimJson {
    private ClaimJson() {
    }

    public static ObjectNode claimed(ClaimCardUseCase useCase, String agent) {
        return JsonNodeFactory.instance.objectNode().put("title", useCase.claim(agent).title());
    }
}
