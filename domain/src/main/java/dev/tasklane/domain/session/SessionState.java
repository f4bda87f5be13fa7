package dev.tasklane.domain.session;

/** Where a session stands, as the API names it. */
public enum SessionState {
    /** The holder works: it heartbeats or posts activities. */
    WORKING("working"),
    /** The holder asked a question nobody has answered yet; its lease does not run out meanwhile (up to a bound). */
    AWAITING_INPUT("awaiting_input"),
    /** A person stopped the session; the holder must unclaim within the grace period or lose the claim. */
    STOPPING("stopping"),
    /** Open, but the holder has not been heard of (heartbeat or activity) for longer than the stale time. */
    STALE("stale"),
    /** The claim ended; {@link AgentSession#end()} says how. */
    ENDED("ended");

    private final String wire;

    SessionState(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
