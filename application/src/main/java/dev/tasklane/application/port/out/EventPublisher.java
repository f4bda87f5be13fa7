package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.TaskEvent;

/** Publishes task events to live subscribers. Called only after the transaction that caused them committed. */
public interface EventPublisher {
    void publish(TaskEvent event);
}
