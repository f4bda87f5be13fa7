package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.TaskSpec;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SpecsRead}: the same text gives the same spec without parsing, another text is parsed, the memo is bounded. */
final class SpecsReadTest {
    private static String text(String title) {
        return TaskDocuments.spec(Tasks.work(BoardId.of(1), 1).title(title).build().spec());
    }

    @Test
    void theSameTextGivesTheSpecReadBefore() {
        String text = text("Same");
        TaskSpec first = SpecsRead.spec(-1, text);

        assertSame(first, SpecsRead.spec(-1, new String(text)), "an equal text is enough, not the same string");
        assertEquals(TaskDocuments.spec(text), first);
    }

    @Test
    void anotherTextOfTheSameTaskIsParsed() {
        TaskSpec before = SpecsRead.spec(-2, text("Before"));
        TaskSpec after = SpecsRead.spec(-2, text("After"));

        assertNotSame(before, after);
        assertEquals("After", after.title());
        assertEquals("Before", SpecsRead.spec(-3, text("Before")).title(), "another task with the first text");
    }

    @Test
    void atMostSoManySpecsAreKept() {
        String text = text("Many");
        for (long id = 1; id <= SpecsRead.KEPT + 50; id++) {
            SpecsRead.spec(-1000 - id, text);
        }

        assertTrue(SpecsRead.size() <= SpecsRead.KEPT, "kept " + SpecsRead.size());
    }
}
