package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.application.port.out.EventOutbox;
import dev.tasklane.archfixture.domain.agent.BoardAccess;

import java.util.List;

/**
 * Fixture: allowed, the runner appends a use case's events as the last step of its transaction, and checks the
 * caller's scope once for the use case.
 */
public final class UseCaseRunner {
    private final EventOutbox outbox;

    public UseCaseRunner(EventOutbox outbox) {
        this.outbox = outbox;
    }

    public List<String> finish(String actor, List<String> events) {
        BoardAccess.requireWrite(actor);
        return outbox.append(events);
    }
}
