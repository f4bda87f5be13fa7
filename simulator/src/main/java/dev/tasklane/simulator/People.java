package dev.tasklane.simulator;

import java.time.Instant;

/**
 * The people who answer the agents' questions: a person with authority over the board answers each question once
 * its drawn delay has passed ({@link Questions}), and the asking agent goes on with its work. Answering takes no
 * reviewer's time: the delay is how long a question waits for somebody to read and answer it.
 */
final class People extends Participant {
    People(Stage stage) {
        super(stage);
        stage.questions().staff(this);
    }

    @Override
    protected Instant act() {
        Instant now = stage.clock().instant();
        for (Questions.Question question = stage.questions().due(now); question != null; question = stage.questions().due(now)) {
            long start = stage.log().mark();
            stage.board().answer(question.task());
            stage.log().record(start, now, LogEvent.PEOPLE, LogEvent.Kind.ANSWER, stage.plan().identifier(question.task()));
            stage.metrics().answers.increment();
            question.agent().answered();
        }
        return stage.questions().nextDue();
    }
}
