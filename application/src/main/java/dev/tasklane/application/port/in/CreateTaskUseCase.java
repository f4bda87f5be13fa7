package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

import java.util.Map;

/** Creation of a task, or of a goal with nested tasks, atomically. */
public interface CreateTaskUseCase {
    /**
     * @param task      the raw {@code task} object as parsed from the request
     * @param agentName the request's top-level agent_name, for attribution; may be null
     */
    Created create(Actor actor, Map<String, Object> task, String agentName);
}
