package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

import java.util.List;

/** Batch creation: several goals with nested tasks, all or none. */
public interface BatchCreateUseCase {
    /** @throws BatchRejectedException naming the first goal that failed; nothing is stored */
    List<Created> createBatch(Actor actor, CreateBatch command);
}
