package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** Ordering the Ready column: the order {@code next} hands out (docs/rules.md, "Ordering Ready"). */
public interface ReorderUseCase {
    /** Places a Ready task right before or after another Ready task of its priority; answers the moved task. */
    TaskView move(Actor actor, TaskRef ref, Placement placement);

    /** Moves a Ready task one place up (earlier) or down within its priority; answers it unchanged at either end. */
    TaskView step(Actor actor, TaskRef ref, boolean up);

    /** Right {@code before} or after the task named {@code anchor} (an identifier on the board). */
    record Placement(String anchor, boolean before) {
    }
}
