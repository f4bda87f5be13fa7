package dev.tasklane.domain.agent;

import dev.tasklane.domain.task.Capability;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Who is acting: the user behind the API token, the capabilities the token grants, whether the token may
 * record review decisions, and whether the user may write on the token's board.
 *
 * <p>An empty capability set means "no capability limit": the agent matches every task.
 */
public record Actor(long userId, long boardId, Set<Capability> capabilities, boolean reviewer, boolean canWrite) {
    public Actor {
        capabilities = capabilities == null || capabilities.isEmpty()
                ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(capabilities));
    }

    /** A writer without capability limits and without the reviewer flag. */
    public static Actor agent(long userId, long boardId) {
        return new Actor(userId, boardId, Set.of(), false, true);
    }

    public boolean hasCapabilitiesFor(Set<Capability> required) {
        return capabilities.isEmpty() || capabilities.containsAll(required);
    }
}
