package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.application.port.out.EventOutbox;

import java.util.List;

/** Fixture: allowed, the runner appends a use case's events as the last step of its transaction. */
public final class UseCaseRunner {
    private final EventOutbox outbox;

    public UseCaseRunner(EventOutbox outbox) {
        this.outbox = outbox;
    }

    public List<String> finish(List<String> events) {
        return outbox.append(events);
    }
}
