package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code changed_files} column: a task's snapshot as a JSON array of objects, one per file, each with its
 * {@code path}, its {@code diff} when it has one, and the keys no rule names exactly as the agent sent them
 * (docs/api.md, "Changed files"). This is the form rows have always been stored in, so older rows read unchanged.
 */
final class ChangedFileDocuments {
    /** Reads each kept value with the digits it was stored with ({@link JsonText#exactReader}). */
    private static final ObjectReader READER = JsonText.exactReader(new TypeReference<List<FileDocument>>() { });

    private ChangedFileDocuments() {
    }

    /**
     * One file as stored: its path and diff, then every other key, each kept with the text it was stored with, in
     * the order stored (a bean rather than a record: Jackson hands a record's any-setter an unordered map).
     */
    static final class FileDocument {
        @JsonProperty
        private String path;
        @JsonProperty
        private String diff;
        private final Map<String, Verbatim> others = new LinkedHashMap<>();

        @JsonAnySetter
        void other(String key, JsonNode value) {
            others.put(key, new Verbatim(value.toString()));
        }

        ChangedFile file() {
            return new ChangedFile(path, diff, new UnknownKeys(others));
        }
    }

    /** The column's text, each file as {@link dev.tasklane.json.KeptAsSent} writes it; null for an empty snapshot. */
    static String write(List<ChangedFile> files) {
        return files.isEmpty() ? null : JsonText.write(files);
    }

    /** The snapshot stored in the column's text; empty for null. */
    static List<ChangedFile> read(String text) {
        List<FileDocument> stored = JsonText.read(READER, text);
        if (stored == null) {
            return List.of();
        }
        List<ChangedFile> files = new ArrayList<>(stored.size());
        stored.forEach(file -> files.add(file.file()));
        return List.copyOf(files);
    }
}
