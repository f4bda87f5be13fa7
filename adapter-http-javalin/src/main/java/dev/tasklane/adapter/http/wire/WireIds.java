package dev.tasklane.adapter.http.wire;

import dev.tasklane.domain.task.TaskIdentifier;

import java.util.List;

/** Task identifiers as the wire spells them ("W12"), for answer records that hold them as text. */
public final class WireIds {
    private WireIds() {
    }

    /** The identifier's text; null for null. */
    public static String text(TaskIdentifier identifier) {
        return identifier == null ? null : identifier.toString();
    }

    /** Each identifier's text, in order; null for null. */
    public static List<String> texts(List<TaskIdentifier> identifiers) {
        return identifiers == null ? null : identifiers.stream().map(TaskIdentifier::toString).toList();
    }
}
