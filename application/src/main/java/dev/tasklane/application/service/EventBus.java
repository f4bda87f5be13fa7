package dev.tasklane.application.service;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventPublisher;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * An in-process event bus: numbers events, keeps the last {@code retained} for resumption, and delivers
 * them to subscribers of their board. A slow or failing listener is the caller's business (the HTTP edge
 * hands each one its own queue).
 */
public final class EventBus implements EventPublisher, EventStreamUseCase {
    public static final int DEFAULT_RETAINED = 10_000;

    private final int retained;
    private final Deque<TaskEvent> recent = new ArrayDeque<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private long sequence;

    public EventBus() {
        this(DEFAULT_RETAINED);
    }

    public EventBus(int retained) {
        this.retained = retained;
    }

    private record Listener(long boardId, Consumer<TaskEvent> consumer) {
    }

    @Override
    public void publish(TaskEvent event) {
        TaskEvent numbered;
        synchronized (recent) {
            numbered = event.withSequence(++sequence);
            recent.addLast(numbered);
            if (recent.size() > retained) {
                recent.removeFirst();
            }
            for (Listener listener : listeners) {
                if (listener.boardId() == numbered.boardId()) {
                    listener.consumer().accept(numbered);
                }
            }
        }
    }

    @Override
    public Subscription subscribe(long boardId, Long lastEventId, Consumer<TaskEvent> consumer) {
        Listener listener = new Listener(boardId, consumer);
        synchronized (recent) {
            if (lastEventId != null) {
                List<TaskEvent> replay = new ArrayList<>();
                for (TaskEvent event : recent) {
                    if (event.sequence() > lastEventId && event.boardId() == boardId) {
                        replay.add(event);
                    }
                }
                replay.forEach(consumer);
            }
            listeners.add(listener);
        }
        return () -> listeners.remove(listener);
    }
}
