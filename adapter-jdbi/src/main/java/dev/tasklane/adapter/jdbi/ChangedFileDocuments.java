package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.tasklane.domain.json.RawJson;
import dev.tasklane.domain.json.UnknownKeys;
import dev.tasklane.domain.task.ChangedFile;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code changed_files} column: a task's snapshot as a JSON array of objects, one per file, each with its
 * {@code path}, its {@code diff} when it has one, and the keys no rule names exactly as the agent sent them
 * (docs/api.md, "Changed files"). This is the form rows have always been stored in, so older rows read unchanged.
 */
final class ChangedFileDocuments {
    private static final String PATH = "path";
    private static final String DIFF = "diff";

    private ChangedFileDocuments() {
    }

    /** The column's text; null for an empty snapshot. */
    static String write(List<ChangedFile> files) {
        if (files.isEmpty()) {
            return null;
        }
        List<Map<String, Object>> docs = new ArrayList<>(files.size());
        for (ChangedFile file : files) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put(PATH, file.path());
            if (file.diff() != null) {
                doc.put(DIFF, file.diff());
            }
            file.unknownKeys().values().forEach((key, value) -> doc.put(key, new RawValue(value.text())));
            docs.add(doc);
        }
        return JsonText.write(docs);
    }

    /** The snapshot stored in the column's text; empty for null. */
    static List<ChangedFile> read(String text) {
        if (text == null) {
            return List.of();
        }
        List<ChangedFile> files = new ArrayList<>();
        for (JsonNode doc : JsonText.tree(text)) {
            Map<String, RawJson> unknown = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = doc.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!field.getKey().equals(PATH) && !field.getKey().equals(DIFF)) {
                    unknown.put(field.getKey(), new RawJson(field.getValue().toString()));
                }
            }
            files.add(new ChangedFile(text(doc.get(PATH)), text(doc.get(DIFF)), new UnknownKeys(unknown)));
        }
        return List.copyOf(files);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }
}
