package dev.tasklane.adapter.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.http.wire.completion.ChangedFileBody;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.ChangedFilesRules;
import dev.tasklane.domain.validation.FieldError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A changed_files snapshot on the wire (docs/api.md, "Changed files"): {@link #read} turns the decoded JSON value
 * into a {@link ChangedFilesDraft}, each entry bound as a {@link ChangedFileBody} that keeps the keys no rule names as
 * sent; {@link #write} renders stored files
 * back. Reading never throws: what cannot be typed is handed to the domain as a shape problem, which reports it
 * after the access and claim checks, in entry order with the other problems of the snapshot (docs/rules.md,
 * "Changed files").
 */
final class ChangedFileJson {
    ChangedFilesDraft read(Object value) {
        if (value == null) {
            return ChangedFilesDraft.malformed(new FieldError(ChangedFilesRules.FIELD, "must be present (send [] to clear)"));
        }
        if (!(value instanceof List<?> list)) {
            return ChangedFilesDraft.malformed(new FieldError(ChangedFilesRules.FIELD, "must be a list"));
        }
        List<ChangedFilesDraft.Entry> entries = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            entries.add(entry(ChangedFilesRules.FIELD + "[" + i + "]", list.get(i)));
        }
        return new ChangedFilesDraft(null, entries);
    }

    /** A snapshot sent within a completion, bound as a JSON tree; the caller reads a missing one as none. */
    ChangedFilesDraft read(JsonNode value) {
        if (!value.isArray()) {
            return ChangedFilesDraft.malformed(new FieldError(ChangedFilesRules.FIELD, "must be a list"));
        }
        List<ChangedFilesDraft.Entry> entries = new ArrayList<>(value.size());
        for (int i = 0; i < value.size(); i++) {
            String prefix = ChangedFilesRules.FIELD + "[" + i + "]";
            JsonNode entry = value.get(i);
            entries.add(entry.isObject() ? entry(prefix, ChangedFileBody.of(entry))
                    : new ChangedFilesDraft.Entry(null, new FieldError("changed_file_entry", prefix + " must be a map")));
        }
        return new ChangedFilesDraft(null, entries);
    }

    private ChangedFilesDraft.Entry entry(String prefix, Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return new ChangedFilesDraft.Entry(null, new FieldError("changed_file_entry", prefix + " must be a map"));
        }
        return entry(prefix, ChangedFileBody.of(map));
    }

    private static ChangedFilesDraft.Entry entry(String prefix, ChangedFileBody body) {
        FieldError diffProblem = body.diffIsNotAString()
                ? new FieldError("changed_file_diff", prefix + ".diff must be a string") : null;
        return new ChangedFilesDraft.Entry(body.file(), diffProblem);
    }

    /** The snapshot as answered: each file's path, its diff when it has one, and its other keys as sent. */
    static List<ChangedFile> write(List<ChangedFile> files) {
        return files;
    }
}
