package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.TaskSpec;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

/**
 * The documents of a task's row last read or written, by task id, each with the text of its column: a row read
 * again with the same text gives the same value without parsing it again. In a claim cycle the snapshot that
 * answers next, the claim and the completion each read the task's row, and parsing its documents (the spec, the
 * claim with its instants) was the largest part of reading it; the claim's text is known from the claim's own write,
 * so the completion's read finds it too. A value is given only for the very text it was parsed from or written as
 * (compared whole), so a memo can never answer a stale or foreign value, whichever database or transaction the text
 * comes from; the values are immutable. At most {@link #KEPT} values are kept per column, one per slot, and a task's
 * slot is its id modulo {@link #KEPT}: the last {@link #KEPT} tasks of consecutive ids are all kept, and a task's value
 * replaces the one of the task that had its slot. Reading and keeping cost one array access, whatever is kept.
 */
final class DocumentsRead<T> {
    /** How many values are kept per column: a power of two. */
    static final int KEPT = 1024;

    /** The {@code spec} column's. */
    static final DocumentsRead<TaskSpec> SPECS = new DocumentsRead<>(TaskDocuments::spec);
    /** The {@code claim} column's. */
    static final DocumentsRead<Claim> CLAIMS = new DocumentsRead<>(TaskDocuments::claim);

    private record Known<T>(long taskId, String text, T value) {
    }

    private final AtomicReferenceArray<Known<T>> slots = new AtomicReferenceArray<>(KEPT);
    private final Function<String, T> parse;

    private DocumentsRead(Function<String, T> parse) {
        this.parse = parse;
    }

    /** The value of task {@code taskId}'s column stored as {@code text}; null text is parsed as it is, not kept. */
    T read(long taskId, String text) {
        if (text == null) {
            return parse.apply(null);
        }
        Known<T> last = slots.get(slot(taskId));
        if (last != null && last.taskId() == taskId && last.text().equals(text)) {
            return last.value();
        }
        T value = parse.apply(text);
        keep(taskId, text, value);
        return value;
    }

    /** Task {@code taskId}'s column is written as {@code text}, the form of {@code value}. */
    void wrote(long taskId, String text, T value) {
        if (text != null) {
            keep(taskId, text, value);
        }
    }

    private void keep(long taskId, String text, T value) {
        slots.set(slot(taskId), new Known<>(taskId, text, value));
    }

    private static int slot(long taskId) {
        return (int) (taskId & (KEPT - 1));
    }

    /** How many values are kept now (for tests). */
    int size() {
        int kept = 0;
        for (int i = 0; i < KEPT; i++) {
            kept += slots.get(i) == null ? 0 : 1;
        }
        return kept;
    }
}
