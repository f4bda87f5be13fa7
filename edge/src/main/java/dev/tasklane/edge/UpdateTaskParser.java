package dev.tasklane.edge;

import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the task object of an edit, a {@link SentTask}, into an {@link UpdateTask}: the descriptive fields sent are read as on create, each
 * a {@link dev.tasklane.application.port.in.Patch} (docs/api.md "Creating and editing tasks"). Shared by the HTTP
 * adapter (the JSON body) and the web interface (the Edit form).
 */
public final class UpdateTaskParser {
    private final TaskFieldParser fields;

    public UpdateTaskParser(JsonText json) {
        this.fields = new TaskFieldParser(json);
    }

    /**
     * Reads the writable fields sent; keys that are not writable task fields are ignored (the HTTP adapter refuses
     * the server-managed ones before it calls this).
     *
     * @throws TaskFieldsRejectedException with every field error
     */
    public UpdateTask read(SentTask raw) {
        FieldErrors errors = new FieldErrors();
        UpdateTask.Builder edit = UpdateTask.builder();
        TaskSpecTarget target = TaskSpecTarget.of(edit);
        List<DependencyRef> dependencies = new ArrayList<>();
        for (TaskField field : TaskField.values()) {
            if (raw.has(field.key())) {
                fields.read(field, raw.value(field.key()), target, errors, false, dependencies);
            }
        }
        if (!errors.isEmpty()) {
            throw new TaskFieldsRejectedException(errors);
        }
        if (raw.has(TaskField.DEPENDENCIES.key())) {
            edit.dependencyRefs(dependencies);
        }
        return edit.build();
    }

    /** The type an edit sends, when it sends a valid one. */
    public static Optional<TaskType> sentType(SentTask raw) {
        return raw.value(TaskField.TYPE.key()) instanceof String type ? TaskType.fromCode(type) : Optional.empty();
    }
}
