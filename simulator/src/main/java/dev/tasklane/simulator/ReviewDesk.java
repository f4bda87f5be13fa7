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
    private final Draws draws;
    private final PriorityQueue<Request> waiting = new PriorityQueue<>(Comparator.comparing(Request::due).thenComparingLong(Request::filed));
    private final Map<TaskRef, Integer> rounds = new HashMap<>();
    private long filed;

    ReviewDesk(StepScheduler scheduler, Draws draws) {
        this.scheduler = scheduler;
        this.draws = draws;
    }

    /** A task in Review, the agent waiting for it, when it comes due, and the order it was filed in (ties by it). */
    record Request(Agent.Submitted task, Agent author, Instant due, long filed) {
        int round() {
            return task.round();
        }
    }

    /**
     * Files a task that has just entered Review; a reviewer will look at it 1 to {@link SimulationConfig#MAX_REVIEW_STEPS}
     * steps later, as drawn for the task and its round.
     */
    synchronized Agent.Submitted submit(String task, TaskRef ref, Agent author, Instant now) {
        int round = rounds.merge(ref, 1, Integer::sum);
        Agent.Submitted submitted = new Agent.Submitted(task, ref, round);
        Instant due = now.plus(SimulationConfig.STEP.multipliedBy(
                1 + draws.below(SimulationConfig.MAX_REVIEW_STEPS, Draws.Purpose.REVIEW_TIME, task, round)));
        waiting.add(new Request(submitted, author, due, filed++));
        scheduler.timer(due);
        return submitted;
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
