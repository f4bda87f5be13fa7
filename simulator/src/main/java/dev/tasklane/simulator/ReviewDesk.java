package dev.tasklane.simulator;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The review queue as the reviewers see it: tasks that entered Review, oldest first. A reviewer who is free takes
 * the oldest and spends its review time on it; a task waits as long as the reviewers are busy, so the review wait
 * grows when the team sends more work to review than its reviewers get through. It stands for people watching
 * the board's review queue; it carries no state the board does not also hold.
 */
final class ReviewDesk {
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    /** How many times each task (by index) has been submitted. */
    private final int[] rounds;
    private final List<Reviewer> reviewers = new ArrayList<>();

    /** A task in Review and the agent waiting for it. */
    record Request(Agent.Submitted task, Agent author) {
        int round() {
            return task.round();
        }
    }

    ReviewDesk(int tasks) {
        this.rounds = new int[tasks];
    }

    /** A reviewer to let know when a task is filed while they are free. */
    void staff(Reviewer reviewer) {
        reviewers.add(reviewer);
    }

    /** Files a task that has just entered Review, for the next free reviewer; answers what the agent waits on. */
    Agent.Submitted submit(int task, Agent author) {
        Agent.Submitted submitted = new Agent.Submitted(task, ++rounds[task]);
        waiting.addLast(new Request(submitted, author));
        for (Reviewer reviewer : reviewers) {
            if (reviewer.free()) {
                reviewer.nudge();
                break;
            }
        }
        return submitted;
    }

    /** The oldest task waiting for a reviewer; null when none does. Each goes to exactly one reviewer. */
    Request take() {
        return waiting.pollFirst();
    }
}
