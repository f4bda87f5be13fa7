package dev.tasklane.application.port.in;

import java.util.function.Consumer;

/** Live task events of one board, resumable from the last event a client saw. */
public interface EventStreamUseCase {
    /**
     * Replays the board's retained events after {@code lastEventId} (null: none), then delivers new ones to
     * {@code listener} until the returned subscription is closed.
     */
    Subscription subscribe(long boardId, Long lastEventId, Consumer<TaskEvent> listener);

    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}
