package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.TaskRows.DocumentsRead;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.TaskSpec;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DocumentsRead}: the same text gives the same value without parsing, another text is parsed, a value written
 * is known by its text, the memo is bounded.
 */
final class DocumentsReadTest {
    private static String text(String title) {
        return TaskDocuments.spec(Tasks.work(BoardId.of(1), 1).title(title).build().spec());
    }

    @Test
    void theSameTextGivesTheSpecReadBefore() {
        String text = text("Same");
        TaskSpec first = DocumentsRead.SPECS.read(-1, text);

        assertSame(first, DocumentsRead.SPECS.read(-1, new String(text)), "an equal text is enough, not the same string");
        assertEquals(TaskDocuments.spec(text), first);
    }

    @Test
    void anotherTextOfTheSameTaskIsParsed() {
        TaskSpec before = DocumentsRead.SPECS.read(-2, text("Before"));
        TaskSpec after = DocumentsRead.SPECS.read(-2, text("After"));

        assertNotSame(before, after);
        assertEquals("After", after.title());
        assertEquals("Before", DocumentsRead.SPECS.read(-3, text("Before")).title(), "another task with the first text");
    }

    @Test
    void aClaimWrittenIsReadBackWithoutParsing() {
        Claim claim = Tasks.claimExpiringAt("agent", Tasks.NOW.plusSeconds(60), null);
        String text = TaskDocuments.claim(claim);
        DocumentsRead.CLAIMS.wrote(-4, text, claim);

        assertSame(claim, DocumentsRead.CLAIMS.read(-4, new String(text)));
        assertEquals(claim, DocumentsRead.CLAIMS.read(-5, text), "another task's is parsed: " + text);
        assertNull(DocumentsRead.CLAIMS.read(-4, null), "no claim");
    }

    @Test
    void atMostSoManySpecsAreKept() {
        String text = text("Many");
        for (long id = 1; id <= DocumentsRead.KEPT + 50; id++) {
            DocumentsRead.SPECS.read(-1000 - id, text);
        }

        assertTrue(DocumentsRead.SPECS.size() <= DocumentsRead.KEPT, "kept " + DocumentsRead.SPECS.size());
    }

    @Test
    void theLastTasksOfConsecutiveIdsAreAllKept() {
        String text = text("Consecutive");
        long end = -20_000;
        Map<Long, TaskSpec> first = new HashMap<>();
        for (long id = end - 3L * DocumentsRead.KEPT; id < end; id++) {
            first.put(id, DocumentsRead.SPECS.read(id, text));
        }
        int parsedAgain = 0;
        for (long id = end - DocumentsRead.KEPT; id < end; id++) {
            parsedAgain += DocumentsRead.SPECS.read(id, new String(text)) == first.get(id) ? 0 : 1;
        }

        assertEquals(0, parsedAgain, "of the last " + DocumentsRead.KEPT + " consecutive ids, parsed again");
        assertNotSame(first.get(end - 1), first.get(end - 2), "each task's text was parsed on its first read");
        assertEquals(DocumentsRead.KEPT, DocumentsRead.SPECS.size());
    }
}
