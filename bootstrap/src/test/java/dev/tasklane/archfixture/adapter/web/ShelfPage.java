package dev.tasklane.archfixture.adapter.web;

import dev.tasklane.archfixture.application.port.in.UseCases;
import dev.tasklane.archfixture.domain.Card;

/** Breaks routesAndPagesTakeTheirPorts: a page that holds the whole locator instead of the port it calls. */
public final class ShelfPage {
    private final UseCases useCases;

    ShelfPage(UseCases useCases) {
        this.useCases = useCases;
    }

    public Card claim(String agent) {
        return useCases.claims().claim(agent);
    }
}
