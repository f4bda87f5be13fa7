package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** PATCH /api/tasks/:id: edit a task's descriptive fields. */
public interface UpdateTaskUseCase {
    TaskView update(Actor actor, TaskRef ref, UpdateTask edit);
}
