package dev.tasklane.archfixture.adapter.http;

import dev.tasklane.archfixture.application.port.in.UseCases;

/** The fixture's HTTP entry point: it takes the locator and hands each route its port, which is allowed. */
public final class HttpApi {
    private HttpApi() {
    }

    public static ShelfController create(UseCases useCases) {
        return new ShelfController(useCases);
    }
}
