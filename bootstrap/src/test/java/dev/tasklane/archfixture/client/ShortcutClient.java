package dev.tasklane.archfixture.client;

import dev.tasklane.archfixture.application.service.ClaimCardService;

/** Broken on purpose: a client that calls a service in-process instead of the server over HTTP. */
public final class ShortcutClient {
    private final ClaimCardService service;

    public ShortcutClient(ClaimCardService service) {
        this.service = service;
    }

    public ClaimCardService service() {
        return service;
    }
}
