package dev.tasklane.archfixture.application.service;

import dev.tasklane.archfixture.application.port.out.EventOutbox;

import java.util.List;

/** Fixture: broken, writes an event outside the use-case runner (not in the change's transaction). */
public final class SideChannelPublisher {
    private final EventOutbox outbox;

    public SideChannelPublisher(EventOutbox outbox) {
        this.outbox = outbox;
    }

    public void announce(String event) {
        outbox.append(List.of(event));
    }

    public void announceLast(String event) {
        outbox.appendLast(List.of(event));
    }
}
