package dev.tasklane.simulator;

import dev.tasklane.application.port.in.TaskRef;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Comparator;

/**
 * Where agents leave tasks that wait in Review and reviewers pick them up once they come due. It stands for
 * a person watching the review queue; it carries no state the board does not also hold.
 */
final class ReviewDesk {
    private final StepScheduler scheduler;
    private final PriorityQueue<Request> waiting = new PriorityQueue<>(Comparator.comparing(Request::due));
    private final Map<TaskRef, Integer> rounds = new HashMap<>();

    ReviewDesk(StepScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** A task in Review, the agent waiting for it, and how many times it has been submitted. */
    record Request(Agent.Submitted task, Agent author, Instant due, int round) {
    }

    /** Files a task that has just entered Review; a reviewer will look at it at {@code due}. */
    void submit(Agent.Submitted task, Agent author, Instant due) {
        synchronized (this) {
            waiting.add(new Request(task, author, due, rounds.merge(task.ref(), 1, Integer::sum)));
        }
        scheduler.timer(due);
    }

    /** Takes every request that is due at {@code now}; each goes to exactly one reviewer. */
    synchronized List<Request> takeDue(Instant now) {
        List<Request> due = new ArrayList<>();
        while (!waiting.isEmpty() && !waiting.peek().due().isAfter(now)) {
            due.add(waiting.poll());
        }
        return due;
    }

    /** When the next request comes due; null when none waits. */
    synchronized Instant nextDue() {
        return waiting.isEmpty() ? null : waiting.peek().due();
    }
}
