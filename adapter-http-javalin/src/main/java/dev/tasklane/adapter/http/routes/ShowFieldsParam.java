package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.ShowFields;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the {@code fields} query parameter of {@code GET /api/tasks/:id} and cuts the full record down to it
 * (docs/api.md, "Projection: fields="). The rules are {@link ShowFields}; this class only knows where
 * the value sits in a request.
 */
final class ShowFieldsParam {
    private static final String NAME = "fields";

    private ShowFieldsParam() {
    }

    /** The projection asked for; empty when {@code fields} is absent or blank. */
    static Optional<ShowFields> read(Call call) {
        Map<String, List<String>> query = call.queryParams();
        boolean shaped = query.keySet().stream().anyMatch(key -> key.startsWith(NAME + "["));
        boolean plain = query.containsKey(NAME);
        if (!shaped && !plain) {
            return Optional.empty();
        }
        if (shaped) {
            throw ShowFields.invalidShape();
        }
        if (query.containsKey("response_view")) {
            throw ShowFields.conflictsWithView();
        }
        List<String> values = query.get(NAME);
        // a repeated parameter keeps its last value, as a merged params map does
        return ShowFields.parse(values.isEmpty() ? "" : values.get(values.size() - 1));
    }

    /**
     * The keys of {@code full} that the projection names, in its order: the record is written to a JSON tree by the
     * one mapper (so each value is exactly what the full answer holds) and the tree is cut down.
     */
    static ObjectNode project(Json json, FullTask full, ShowFields fields) {
        ObjectNode tree = json.mapper().valueToTree(full);
        ObjectNode out = tree.objectNode();
        for (String key : fields.keys()) {
            JsonNode value = tree.get(key);
            out.set(key, value == null ? NullNode.getInstance() : value);
        }
        return out;
    }
}
