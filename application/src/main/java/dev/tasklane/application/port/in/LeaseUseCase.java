package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** Releasing and extending a claim. {@code claimToken} is optional fencing: when given it must match. */
public interface LeaseUseCase {
    TaskView unclaim(Actor actor, TaskRef ref, String claimToken);

    TaskView heartbeat(Actor actor, TaskRef ref, String claimToken);
}
