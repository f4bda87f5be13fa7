package dev.tasklane.simulator;

import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.task.ReviewStatus;

import java.time.Instant;

/**
 * A person with a reviewer token: takes the tasks that have waited in Review long enough, approves them or,
 * on a first round, sometimes requests changes, then lets the waiting agent know.
 */
final class Reviewer extends Participant {

    private final Actor actor;

    Reviewer(Stage stage, Actor actor) {
        super(stage);
        this.actor = actor;
    }

    @Override
    protected Instant act() {
        for (ReviewDesk.Request request : stage.desk().takeDue(stage.clock().instant())) {
            boolean rework = request.round() == 1
                    && stage.draws().uniform(Draws.Purpose.REWORK, request.task().task(), request.round()) < stage.config().reworkShare();
            stage.app().reviews().review(actor, request.task().ref(),
                    new ReviewDecision(rework ? ReviewStatus.CHANGES_REQUESTED : ReviewStatus.APPROVED,
                            rework ? "Handle the empty input case as well" : null));
            stage.metrics().reviews.increment();
            stage.metrics().transitions.increment();
            if (rework) {
                stage.metrics().changesRequested.increment();
            }
            stage.scheduler().changed();
            request.author().reviewed();
        }
        return stage.desk().nextDue();
    }
}
