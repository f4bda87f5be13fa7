package dev.tasklane.domain.flow;

import dev.tasklane.domain.id.UserId;

import java.util.Comparator;
import java.util.Objects;

/**
 * Who an agent is for the flow figures: the user of the token it acts with and the agent name it gives
 * (docs/rules.md, "Claims"). Agents sharing one token are told apart by their names.
 *
 * @param user      the token's user
 * @param agentName the agent's name; blank when it gave none (never null)
 */
public record FlowAgent(UserId user, String agentName) implements Comparable<FlowAgent> {
    /** The cap on an agent name the flow figures keep (the claim's own cap is lower). */
    public static final int MAX_NAME = 255;

    private static final Comparator<FlowAgent> ORDER = Comparator.comparing(FlowAgent::user)
            .thenComparing(FlowAgent::agentName);

    public FlowAgent {
        Objects.requireNonNull(user, "user");
        agentName = agentName == null ? "" : agentName;
        if (agentName.length() > MAX_NAME) {
            agentName = agentName.substring(0, MAX_NAME);
        }
    }

    @Override
    public int compareTo(FlowAgent other) {
        return ORDER.compare(this, other);
    }
}
