package dev.tasklane.domain.agent;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Who is acting: the user behind the API token, the capabilities the token grants, whether the token may
 * record review decisions, whether the user may write on the token's board, whether the user owns that board,
 * and which token is in use.
 *
 * <p>An empty capability set means "no capability limit": the agent matches every task. {@code tokenId} is
 * null for a caller that did not authenticate with an API token (an embedding program, a test); an agent is
 * then recognised by its user and its agent name alone.
 */
public record Actor(UserId userId, BoardId boardId, Set<Capability> capabilities, boolean reviewer, boolean canWrite,
                    boolean boardOwner, Long tokenId) {
    public Actor {
        java.util.Objects.requireNonNull(userId, "userId");
        java.util.Objects.requireNonNull(boardId, "boardId");
        capabilities = capabilities == null || capabilities.isEmpty()
                ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(capabilities));
        if (boardOwner && !canWrite) {
            throw new IllegalArgumentException("a board owner can write on the board");
        }
    }

    /** A caller that is not a board owner and did not use an API token. */
    public Actor(UserId userId, BoardId boardId, Set<Capability> capabilities, boolean reviewer, boolean canWrite) {
        this(userId, boardId, capabilities, reviewer, canWrite, false, null);
    }

    /** A writer without capability limits and without the reviewer flag. */
    public static Actor agent(UserId userId, BoardId boardId) {
        return new Actor(userId, boardId, Set.of(), false, true);
    }

    public boolean hasCapabilitiesFor(Set<Capability> required) {
        return capabilities.isEmpty() || capabilities.containsAll(required);
    }

    /** May take work past human review (mark_done, turning needs_review off): a reviewer token or the board's owner. */
    public boolean canBypassReview() {
        return canWrite && (reviewer || boardOwner);
    }
}
