package dev.tasklane.adapter.http;

import dev.tasklane.application.edge.*;

import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The map-walking reader this one replaced, kept as the migration oracle of TaskBodyBindingGeneratedTest. <p>
 * Reads the task body of an edit into an {@link UpdateTask}: the descriptive fields sent are read as on create, each
 * a {@link dev.tasklane.application.port.in.Patch} (docs/api.md "Creating and editing tasks"). Shared by the HTTP
 * adapter (the JSON body) and the web interface (the Edit form, as the same plain tree).
 */
public final class OracleUpdateTaskParser {
    private final TaskFieldParser fields;

    public OracleUpdateTaskParser(JsonText json) {
        this.fields = new TaskFieldParser(json);
    }

    /**
     * Reads the writable fields sent; keys that are not writable task fields are ignored (the HTTP adapter refuses
     * the server-managed ones before it calls this).
     *
     * @throws TaskFieldsRejectedException with every field error
     */
    public UpdateTask read(Map<String, Object> raw) {
        FieldErrors errors = new FieldErrors();
        UpdateTask.Builder edit = UpdateTask.builder();
        TaskSpecTarget target = TaskSpecTarget.of(edit);
        List<DependencyRef> dependencies = new ArrayList<>();
        for (TaskField field : TaskField.values()) {
            if (raw.containsKey(field.wire())) {
                fields.read(field, raw.get(field.wire()), target, errors, false, dependencies);
            }
        }
        if (!errors.isEmpty()) {
            throw new TaskFieldsRejectedException(errors);
        }
        if (raw.containsKey(TaskField.DEPENDENCIES.wire())) {
            edit.dependencyRefs(dependencies);
        }
        return edit.build();
    }

    /** The type an edit sends, when it sends a valid one. */
    public static Optional<TaskType> sentType(Map<String, Object> raw) {
        return raw.get(TaskField.TYPE.wire()) instanceof String type ? TaskType.fromWire(type) : Optional.empty();
    }
}
