package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
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

    /** The column's text, each file as {@link dev.tasklane.json.KeptAsSent} writes it; null for an empty snapshot. */
    static String write(List<ChangedFile> files) {
        return files.isEmpty() ? null : JsonText.write(files);
    }

    /** The snapshot stored in the column's text; empty for null. */
    static List<ChangedFile> read(String text) {
        if (text == null) {
            return List.of();
        }
        List<ChangedFile> files = new ArrayList<>();
        for (JsonNode doc : JsonText.tree(text)) {
            Map<String, Verbatim> unknown = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = doc.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!field.getKey().equals(PATH) && !field.getKey().equals(DIFF)) {
                    unknown.put(field.getKey(), new Verbatim(field.getValue().toString()));
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
