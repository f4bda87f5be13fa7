package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

import java.util.Optional;

/** The first task the caller could claim now, without claiming it. */
public interface NextTaskUseCase {
    Optional<TaskView> next(Actor actor);
}
