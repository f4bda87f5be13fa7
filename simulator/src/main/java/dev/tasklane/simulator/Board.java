package dev.tasklane.simulator;

/**
 * The board as the simulated participants call it: the spec's calls of an agent's loop, a reviewer's decision, a
 * person's answer and the maintenance sweep, on the plan's claimable tasks named by their index (0-based, in the
 * order the plan created them). Two engines answer it: {@link UseCaseBoard} calls the real use cases over the store,
 * as a server would; {@link FastBoard} keeps the board in a compact form and applies the same rules to it without
 * history, events or sessions nobody reads in a run (docs/simulator.md, "Two engines"). Given the same calls, both
 * give the same answers: {@code EnginesAgreeTest} runs both on generated plans and compares every event.
 *
 * <p>A board is called from one thread, one turn after another ({@link StepScheduler}).
 */
interface Board {
    /** What {@link #next} answers when no task is available to the agent. */
    int NONE = -1;

    /** How a completion or a mark_reviewed came out. */
    enum Outcome {
        /** Refused: the agent's lease was gone (expired and swept, or taken over). */
        LOST,
        /** The task went to Review. */
        REVIEW,
        /** The task reached Done. */
        DONE,
        /** The task reached Done and was its goal's last open child: after_goal is due and the agent reports it. */
        DONE_AFTER_GOAL,
        /** mark_reviewed after changes requested: the task is back in Doing, held by the same agent. */
        REWORK
    }

    /** The task {@code next} offers agent {@code agent}, or {@link #NONE}. */
    int next(int agent);

    /**
     * Agent {@code agent} claims {@code task} with a passing before_doing result.
     *
     * @return false when the claim is refused as a conflict (a rule refused it: the WIP limit, a key file, the
     *         assignment); the agent asks {@code next} again
     */
    boolean claim(int agent, int task);

    /** The holder extends its lease. */
    void heartbeat(int agent, int task);

    /** The holder completes its task with passing after_doing and before_review results. */
    Outcome complete(int agent, int task);

    /** A reviewer records a decision on a task in Review. */
    void review(int reviewer, int task, boolean changesRequested);

    /** The agent that completed the task finalises the review decision (after_review passed). */
    Outcome markReviewed(int agent, int task);

    /** The agent reports after_goal (exit code 0) for the goal of {@code task}, whose completion armed it. */
    void reportAfterGoal(int agent, int task);

    /** The holder posts a question on its session: the session awaits input, and the lease is kept meanwhile. */
    void ask(int agent, int task);

    /** A person answers the question on the task's session: the holder's lease runs in full again. */
    void answer(int task);

    /** One pass of the maintenance sweep at the current instant. @return claims returned to Ready and goals finished */
    Swept sweep();

    /** Goals the board holds completed. */
    int completedGoals();

    /** What one sweep did. */
    record Swept(int claimsExpired, int goalsFinished) {
        static final Swept NOTHING = new Swept(0, 0);

        int changes() {
            return claimsExpired + goalsFinished;
        }
    }
}
