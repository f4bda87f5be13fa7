package dev.tasklane.domain.flow;

import java.time.Instant;
import java.util.Objects;

/** The last time an agent did anything on the board. */
public record AgentActivity(FlowAgent agent, Instant lastActivityAt) {
    public AgentActivity {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(lastActivityAt, "lastActivityAt");
    }
}
