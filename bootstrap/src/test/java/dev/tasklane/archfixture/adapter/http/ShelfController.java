package dev.tasklane.archfixture.adapter.http;

import dev.tasklane.archfixture.application.port.in.UseCases;
import dev.tasklane.archfixture.domain.Card;

/** Breaks routesAndPagesTakeTheirPorts: a route that holds the whole locator instead of the port it calls. */
public final class ShelfController {
    private final UseCases useCases;

    ShelfController(UseCases useCases) {
        this.useCases = useCases;
    }

    public Card claim(String agent) {
        return useCases.claims().claim(agent);
    }
}
