package dev.tasklane.domain.testing;

import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;

import java.util.Locale;

/**
 * Parts named as the API spells them ({@code EXPLORER_RESULT} as {@code explorer_result}), so that domain tests read
 * like the answers they lead to. The API's own table is the edge module's {@code DocumentKeys}, pinned by its tests.
 */
public final class SnakeNames {
    public static final PartNames SNAKE = part -> part.name().toLowerCase(Locale.ROOT);

    private SnakeNames() {
    }
}
