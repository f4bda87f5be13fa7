package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.BoardId;
import java.time.Duration;

/**
 * Live task events of one board, resumable from the last event a client saw. A subscription is a bounded
 * queue that the caller drains with {@link Subscription#poll}: the events come from the store's outbox in
 * order, and a subscriber that falls too far behind is ended (never waited for), so a slow reader holds up
 * neither a write nor another reader.
 */
public interface EventStreamUseCase {
    /**
     * Subscribes to the board's events numbered above {@code afterId}; with {@code afterId} null, to every
     * event committed from this call on. Call it before telling the client it is subscribed: an event the
     * client causes after that is always delivered.
     */
    Subscription subscribe(BoardId boardId, Long afterId);

    /** Ends every subscription with {@link EndReason#SHUTDOWN} and refuses new ones the same way. */
    void shutdown();

    /** One subscriber's queue. Close it when the client goes away. */
    interface Subscription extends AutoCloseable {
        /** The number of the event this subscription starts after. */
        long startsAfter();

        /**
         * The next delivery, waiting up to {@code wait}; null when nothing came in time. After an {@link End}
         * the subscription is over and returns it again on every call.
         */
        Delivery poll(Duration wait) throws InterruptedException;

        @Override
        void close();
    }

    /** What a subscription hands out. */
    sealed interface Delivery permits Event, End {
    }

    record Event(TaskEvent event) implements Delivery {
    }

    /**
     * The end of a subscription: why, and the number of the last event it delivered, from which the client
     * resumes (Last-Event-ID) on this or any other server.
     */
    record End(EndReason reason, long lastEventId) implements Delivery {
    }

    enum EndReason {
        /** The subscriber fell more than its queue's capacity behind. */
        LAGGING,
        /** The server is shutting down. */
        SHUTDOWN,
        /** The subscription was closed by its owner. */
        CLOSED
    }
}
