package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** POST /api/tasks: a task, or a goal with nested tasks, created atomically. */
public interface CreateTaskUseCase {
    Created create(Actor actor, CreateTask command);
}
