package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.TaskSpec;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The specs read last, by task id, each with the text of the {@code spec} column it was read from. A row read
 * again with the same text gives the same spec without parsing it again: in a claim cycle the snapshot that answers
 * next, the claim and the completion each read the task's row, and parsing its spec was the largest part of reading
 * it. A spec is given only for the very text it was parsed from (compared whole), so the memo can never answer a
 * stale or foreign spec, whichever database or transaction the text comes from; a {@link TaskSpec} is immutable.
 * At most {@link #KEPT} specs are kept: past it, an arbitrary one is dropped for each new one.
 */
final class SpecsRead {
    /** How many specs are kept. */
    static final int KEPT = 1024;

    private record Read(String text, TaskSpec spec) {
    }

    private static final ConcurrentMap<Long, Read> READ = new ConcurrentHashMap<>();

    private SpecsRead() {
    }

    /** The spec of task {@code taskId} stored as {@code text}. */
    static TaskSpec spec(long taskId, String text) {
        Read known = READ.get(taskId);
        if (known != null && known.text().equals(text)) {
            return known.spec();
        }
        TaskSpec spec = TaskDocuments.spec(text);
        if (READ.size() >= KEPT) {
            Iterator<Long> any = READ.keySet().iterator();
            if (any.hasNext()) {
                READ.remove(any.next());
            }
        }
        READ.put(taskId, new Read(text, spec));
        return spec;
    }

    /** How many specs are kept now (for tests). */
    static int size() {
        return READ.size();
    }
}
