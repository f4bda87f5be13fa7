package dev.tasklane.adapter.http.routes;

import dev.tasklane.edge.DocumentKeys;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.adapter.http.wire.completion.ChangedFileBody;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.ChangedFilesRules;
import dev.tasklane.domain.validation.FieldError;

import java.util.ArrayList;
import java.util.List;

/**
 * A changed_files snapshot on the wire (docs/api.md, "Changed files"): {@link #read} turns the decoded JSON value
 * into a {@link ChangedFilesDraft}, each entry bound as a {@link ChangedFileBody} that keeps the keys no rule names as
 * sent; {@link #write} renders stored files
 * back. Reading never throws: what cannot be typed is handed to the domain as a shape problem, which reports it
 * after the access and claim checks, in entry order with the other problems of the snapshot (docs/rules.md,
 * "Changed files").
 */
final class ChangedFileJson {
    /** Binds decoded values as JSON trees: no configuration is needed to keep values as sent. */
    private static final ObjectMapper TREES = JsonMapper.builder().build();

    /** A snapshot as decoded from a request body; null (not sent) is a problem here. */
    ChangedFilesDraft read(Object value) {
        return read(value == null ? null : (JsonNode) TREES.valueToTree(value));
    }

    /**
     * A snapshot bound as a JSON tree; a missing or null one is a problem (a completion, where it is optional, reads
     * it only when sent).
     */
    ChangedFilesDraft read(JsonNode value) {
        if (value == null || value.isNull()) {
            return ChangedFilesDraft.malformed(new FieldError(DocumentKeys.CHANGED_FILES, "must be present (send [] to clear)"));
        }
        if (!value.isArray()) {
            return ChangedFilesDraft.malformed(new FieldError(DocumentKeys.CHANGED_FILES, "must be a list"));
        }
        List<ChangedFilesDraft.Entry> entries = new ArrayList<>(value.size());
        for (int i = 0; i < value.size(); i++) {
            String prefix = DocumentKeys.CHANGED_FILES + "[" + i + "]";
            JsonNode entry = value.get(i);
            entries.add(entry.isObject() ? entry(prefix, ChangedFileBody.of(entry))
                    : new ChangedFilesDraft.Entry(null, new FieldError("changed_file_entry", prefix + " must be a map")));
        }
        return new ChangedFilesDraft(null, entries);
    }

    private static ChangedFilesDraft.Entry entry(String prefix, ChangedFileBody body) {
        FieldError diffProblem = body.diffIsNotAString()
                ? new FieldError("changed_file_diff", prefix + ".diff must be a string") : null;
        return new ChangedFilesDraft.Entry(body.file(), diffProblem);
    }
}
