package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.UserId;

/** Assign a task, or a goal and its open children, to a user (or nobody). */
public interface AssignTaskUseCase {
    TaskView assign(Actor actor, TaskRef ref, UserId assigneeUserId);
}
