package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * A task's card on the board.
 *
 * @param agent     the agent holding the claim, or null
 * @param leaseLeft the time left on the claim ("42 min"), or null when not claimed
 * @param blockedBy identifiers of the unfinished dependencies; empty when not blocked
 * @param goal      the goal's identifier and title, or null
 */
public record Card(long id, String identifier, String title, String type, String priority, String assignee,
                   String agent, String leaseLeft, List<String> blockedBy, Link goal, String href,
                   String reviewStatus) {
    public Card {
        blockedBy = List.copyOf(blockedBy);
    }

    public boolean blocked() {
        return !blockedBy.isEmpty();
    }

    public String blockedText() {
        return String.join(", ", blockedBy);
    }
}
