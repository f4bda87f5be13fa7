package dev.tasklane.simulator;

import java.time.Instant;
import java.util.PriorityQueue;

/**
 * The agents' open questions, as the people answering them see them: each is due for its answer once the delay
 * drawn for it ({@code answer_minutes}) has passed; questions due at the same instant are answered in the order they
 * were asked. Like {@link ReviewDesk}, it carries no state the board does not also hold (the sessions awaiting
 * input).
 */
final class Questions {
    private final PriorityQueue<Question> open = new PriorityQueue<>();
    private People people;
    private long asked;

    /** A question on the task (by index) that {@code agent} asked, due for its answer at {@code due}. */
    record Question(Instant due, long order, int task, Agent agent) implements Comparable<Question> {
        @Override
        public int compareTo(Question other) {
            int byDue = due.compareTo(other.due);
            return byDue != 0 ? byDue : Long.compare(order, other.order);
        }
    }

    /** The people to let know when a question is asked. */
    void staff(People answering) {
        this.people = answering;
    }

    /** Files a question just asked; it is answered at {@code due}. */
    void ask(int task, Agent agent, Instant due) {
        open.add(new Question(due, asked++, task, agent));
        people.nudge();
    }

    /** The next question due at or before {@code now}, taken; null when none is. */
    Question due(Instant now) {
        return !open.isEmpty() && !open.peek().due().isAfter(now) ? open.poll() : null;
    }

    /** When the next open question is due; null when none is open. */
    Instant nextDue() {
        return open.isEmpty() ? null : open.peek().due();
    }
}
