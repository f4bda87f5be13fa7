package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.TaskSpec;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The documents of a task's row last read or written, by task id, each with the text of its column: a row read
 * again with the same text gives the same value without parsing it again. In a claim cycle the snapshot that
 * answers next, the claim and the completion each read the task's row, and parsing its documents (the spec, the
 * claim with its instants) was the largest part of reading it; the claim's text is known from the claim's own write,
 * so the completion's read finds it too. A value is given only for the very text it was parsed from or written as
 * (compared whole), so a memo can never answer a stale or foreign value, whichever database or transaction the text
 * comes from; the values are immutable. At most {@link #KEPT} values are kept per column: past it, an arbitrary one
 * is dropped for each new one.
 */
final class DocumentsRead<T> {
    /** How many values are kept per column. */
    static final int KEPT = 1024;

    /** The {@code spec} column's. */
    static final DocumentsRead<TaskSpec> SPECS = new DocumentsRead<>(TaskDocuments::spec);
    /** The {@code claim} column's. */
    static final DocumentsRead<Claim> CLAIMS = new DocumentsRead<>(TaskDocuments::claim);

    private record Known<T>(String text, T value) {
    }

    private final ConcurrentMap<Long, Known<T>> known = new ConcurrentHashMap<>();
    private final Function<String, T> parse;

    private DocumentsRead(Function<String, T> parse) {
        this.parse = parse;
    }

    /** The value of task {@code taskId}'s column stored as {@code text}; null text is parsed as it is, not kept. */
    T read(long taskId, String text) {
        if (text == null) {
            return parse.apply(null);
        }
        Known<T> last = known.get(taskId);
        if (last != null && last.text().equals(text)) {
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
        if (known.size() >= KEPT && !known.containsKey(taskId)) {
            Iterator<Long> any = known.keySet().iterator();
            if (any.hasNext()) {
                known.remove(any.next());
            }
        }
        known.put(taskId, new Known<>(text, value));
    }

    /** How many values are kept now (for tests). */
    int size() {
        return known.size();
    }
}
