package dev.tasklane.domain.flow;

/** What an agent is doing now (docs/rules.md, "Flow metrics"), in the order the agents page lists them. */
public enum AgentState {
    /** Holds a claim with no heartbeat or other activity for longer than the stuck time. */
    STUCK("stuck"),
    /** Holds a claim and was active within the stuck time. */
    WORKING("working"),
    /** Holds no claim; a task it completed waits in Review. */
    WAITING_FOR_REVIEW("waiting_for_review"),
    /** None of the above, and active within the dormant time. */
    IDLE("idle"),
    /** No activity for the dormant time (14 days by default). */
    DORMANT("dormant");

    private final String wire;

    AgentState(String wire) {
        this.wire = wire;
    }

    public String code() {
        return wire;
    }
}
