package dev.tasklane.domain.flow;

import dev.tasklane.domain.task.Status;

import java.time.Instant;
import java.util.Objects;

/**
 * A task an agent has now: in Doing under its claim, or in Review after its completion.
 *
 * @param leaseExpiresAt the claim's expiry in Doing; null when unknown or in Review
 */
public record HeldTask(String identifier, Status column, FlowAgent agent, Instant leaseExpiresAt) {
    public HeldTask {
        Objects.requireNonNull(identifier, "identifier");
        Objects.requireNonNull(agent, "agent");
        if (column != Status.IN_PROGRESS && column != Status.REVIEW) {
            throw new IllegalArgumentException("an agent holds a task in Doing or Review, not " + column);
        }
    }
}
