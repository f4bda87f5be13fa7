package dev.tasklane.simulator;

import java.time.Instant;

/**
 * One thing a participant saw happen, as the simulator itself records it (not as the store reports it).
 * {@code start} is a sequence number taken just before the use case was called and {@code end} one taken just
 * after it returned: the change took effect somewhere in between. {@code at} is the simulated time of the step.
 *
 * @param actor the agent's number; -1 for the simulation itself ({@link Kind#CLOCK}); {@link #reviewer} for a
 *              reviewer's decision
 * @param task  the task's identifier; null for {@link Kind#CLOCK}
 */
record LogEvent(long start, long end, Instant at, int actor, Kind kind, String task) {
    /** The actor of the simulation itself. */
    static final int SIMULATION = -1;
    /** The actor of the people who answer questions: below every reviewer's. */
    static final int PEOPLE = Integer.MIN_VALUE;

    /** The actor number of reviewer {@code number} (0-based): below the simulation's, so never an agent's. */
    static int reviewer(int number) {
        return -2 - number;
    }

    /** What happened. */
    enum Kind {
        /** The agent claimed the task: it holds it from {@code end} on. */
        CLAIMED,
        /** The agent walked away from its claim without a word; its lease runs out on its own. */
        ABANDONED,
        /** The agent completed the task into Review: its hold ends at {@code start}. */
        TO_REVIEW,
        /** The task reached Done (complete without review, or mark_reviewed after approval). */
        DONE,
        /** A reviewer approved the task; it stays in Review until its agent calls mark_reviewed. */
        APPROVED,
        /** A reviewer requested changes; it stays in Review until its agent calls mark_reviewed. */
        CHANGES_REQUESTED,
        /** After changes requested, mark_reviewed sent the task back to Doing, held again by the same agent from {@code end} on. */
        REWORK,
        /** The agent's completion was refused because its lease was gone: its hold ended before {@code start}. */
        LOST,
        /** The scheduler moved the simulated clock to {@code at}. */
        CLOCK,
        /** The agent asked a question on its session: it awaits input, and works once it is answered. */
        QUESTION,
        /** A person ({@link #PEOPLE}) answered the question on the task's session. */
        ANSWER
    }
}
