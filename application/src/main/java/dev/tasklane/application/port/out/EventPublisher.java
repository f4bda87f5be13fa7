package dev.tasklane.application.port.out;

/**
 * Told after a transaction that appended events to the {@link EventOutbox} committed. Only a wake-up: the
 * events themselves are read from the outbox, so a notification that is lost (a server that dies after its
 * commit, a dropped connection) delays delivery until the next poll and loses nothing.
 */
public interface EventPublisher {
    /** Events up to {@code lastEventId} were committed. */
    void committed(long lastEventId);
}
