package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** Edit a task's descriptive fields; server-managed fields are refused. */
public interface UpdateTaskUseCase {
    TaskView update(Actor actor, TaskRef ref, UpdateTask edit);
}
