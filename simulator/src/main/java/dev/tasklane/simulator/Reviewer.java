package dev.tasklane.simulator;

import java.time.Instant;

/**
 * A person with a reviewer token: when free, takes the oldest task waiting in Review, spends the review time drawn
 * for it, then approves it or, on a first round, sometimes requests changes, and lets the waiting agent know.
 * One task at a time: with few reviewers, tasks queue in Review.
 */
final class Reviewer extends Participant {
    private final int number;
    private ReviewDesk.Request current;
    private Instant decideAt;

    Reviewer(Stage stage, int number) {
        super(stage);
        this.number = number;
        stage.desk().staff(this);
    }

    /** Whether this reviewer has no task in hand. */
    boolean free() {
        return current == null;
    }

    @Override
    protected Instant act() {
        Instant now = stage.clock().instant();
        if (current != null) {
            if (now.isBefore(decideAt)) {
                return decideAt;
            }
            decide(current, now);
            current = null;
        }
        ReviewDesk.Request next = stage.desk().take();
        if (next == null) {
            return null;
        }
        current = next;
        decideAt = now.plus(stage.draws().duration(stage.config().team().reviewMinutes(), Draws.Purpose.REVIEW_TIME,
                stage.plan().identifier(next.task().task()), next.round()));
        return decideAt;
    }

    private void decide(ReviewDesk.Request request, Instant now) {
        String task = stage.plan().identifier(request.task().task());
        boolean rework = request.round() == 1
                && stage.draws().uniform(Draws.Purpose.REWORK, task, request.round()) < stage.config().reworkShare();
        long start = stage.log().mark();
        stage.board().review(number, request.task().task(), rework);
        stage.log().record(start, now, LogEvent.reviewer(number), rework ? LogEvent.Kind.CHANGES_REQUESTED : LogEvent.Kind.APPROVED, task);
        stage.metrics().reviews.increment();
        stage.metrics().transitions.increment();
        if (rework) {
            stage.metrics().changesRequested.increment();
        }
        stage.scheduler().changed();
        request.author().reviewed();
    }
}
