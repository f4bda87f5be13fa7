package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;

import java.time.Instant;
import java.util.Set;

/**
 * What {@link TaskStore#candidates} is asked for: claimable work or defects on a board for a user with
 * these capabilities (empty: no limit), at this instant. Candidates are read without locks; a claimer locks
 * the one it chose with {@link TaskStore#lockCandidate}.
 */
public record CandidateQuery(BoardId boardId, UserId userId, Set<Capability> capabilities, Instant now) {
    public CandidateQuery {
        capabilities = capabilities == null ? Set.of() : Set.copyOf(capabilities);
    }
}
