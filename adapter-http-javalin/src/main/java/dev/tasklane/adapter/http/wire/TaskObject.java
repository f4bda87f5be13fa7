package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import dev.tasklane.edge.SentTask;

/**
 * A task object of a request (the {@code task} of a create or an edit, a goal of a batch), bound by Jackson with every
 * key kept as sent, in order: which keys are fields, which are refused and which are ignored is the task readers'
 * ({@code CreateTaskParser}, {@code UpdateTaskParser}), which the web forms share. Values are bound as plain trees.
 */
public final class TaskObject {
    private final SentTask.Builder fields = SentTask.builder();

    @JsonAnySetter
    void field(String key, Object value) {
        fields.put(key, value);
    }

    /** The object as the application's task readers take it. */
    public SentTask sent() {
        return fields.build();
    }
}
