package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent;

import dev.tasklane.domain.task.TaskType;

import java.util.List;
import java.util.Objects;

/**
 * One task's history, oldest first, as the flow figures read it: the input that needs no store. The first
 * event is its creation.
 *
 * @param identifier the task's identifier ("W12")
 * @param type       work, defect or goal (goals are left out of every figure)
 * @param events     what happened to it, oldest first
 */
public record TaskTimeline(String identifier, TaskType type, List<FlowEvent> events) {
    public TaskTimeline {
        Objects.requireNonNull(identifier, "identifier");
        Objects.requireNonNull(type, "type");
        events = List.copyOf(events);
        if (events.isEmpty() || events.get(0).kind() != FlowEvent.Kind.CREATED) {
            throw new IllegalArgumentException("a timeline starts with the task's creation: " + identifier);
        }
    }
}
