package dev.tasklane.domain.session;

/** How a session ended: the way its claim ended. */
public enum SessionEnd {
    /** The holder completed the task. */
    COMPLETED("completed"),
    /** The holder unclaimed it, unasked. */
    UNCLAIMED("unclaimed"),
    /** The holder unclaimed it after a stop: the stop was obeyed. */
    STOPPED("stopped"),
    /** The holder did not unclaim within the stop's grace period: the server released the claim. */
    STOP_GRACE_EXPIRED("stop_grace_expired"),
    /** The lease ran out. */
    EXPIRED("expired"),
    /** A person released the claim (a stuck agent's task). */
    RELEASED("released");

    private final String wire;

    SessionEnd(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** Whether the session ended because a person stopped it: the old claim token is stale from then on. */
    public boolean byStop() {
        return this == STOPPED || this == STOP_GRACE_EXPIRED;
    }
}
