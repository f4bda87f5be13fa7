package dev.tasklane.archfixture.adapter.web;

import dev.tasklane.archfixture.application.port.in.UseCases;

/** The fixture's web entry point: it takes the locator and hands each page its port, which is allowed. */
public final class WebUi {
    private final ShelfPage shelf;

    public WebUi(UseCases useCases) {
        this.shelf = new ShelfPage(useCases);
    }

    public ShelfPage shelf() {
        return shelf;
    }
}
