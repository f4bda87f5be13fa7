package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

import java.util.Optional;

/** The first task the caller could claim now, without claiming it. */
public interface NextTaskUseCase {
    /**
     * @param agentName the asking agent's name, null when it gave none: agents sharing one token are told apart by
     *                  it, so that each is offered a task of its own (docs/rules.md, "Offers made by next")
     */
    Optional<TaskView> next(Actor actor, String agentName);

    /** {@link #next(Actor, String)} for an agent that gives no name. */
    default Optional<TaskView> next(Actor actor) {
        return next(actor, null);
    }
}
