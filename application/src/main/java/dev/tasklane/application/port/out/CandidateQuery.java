package dev.tasklane.application.port.out;

import dev.tasklane.domain.task.Capability;

import java.time.Instant;
import java.util.Set;

/**
 * What {@link TaskStore#candidates} is asked for: claimable work or defects on a board for a user with
 * these capabilities (empty: no limit), at this instant. {@code lock} asks the store to lock each row it
 * returns for the rest of the transaction, skipping rows another transaction holds.
 */
public record CandidateQuery(long boardId, long userId, Set<Capability> capabilities, Instant now, boolean lock) {
    public CandidateQuery {
        capabilities = capabilities == null ? Set.of() : Set.copyOf(capabilities);
    }
}
