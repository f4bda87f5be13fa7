package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** Creation of a task, or of a goal with nested tasks, atomically. */
public interface CreateTaskUseCase {
    Created create(Actor actor, CreateTask command);
}
