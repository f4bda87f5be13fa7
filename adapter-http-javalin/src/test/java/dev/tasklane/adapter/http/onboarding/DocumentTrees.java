package dev.tasklane.adapter.http.onboarding;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading the onboarding document, its schemas and examples in tests: a Jackson tree as the modifiable maps, lists
 * and scalars its JSON reads as, nested maps and lists, and a schema's examples.
 */
public final class DocumentTrees {
    private static final ObjectMapper PLAIN = new ObjectMapper();

    private DocumentTrees() {
    }

    /** {@code tree} (an object) as a modifiable, insertion-ordered map of plain values. */
    public static Map<String, Object> plain(JsonNode tree) {
        return PLAIN.convertValue(tree, new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    /** A map of the tree, or the map itself. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object value) {
        return value instanceof JsonNode tree ? plain(tree) : (Map<String, Object>) value;
    }

    /** A list of the tree, or the list itself. */
    @SuppressWarnings("unchecked")
    public static List<Object> list(Object value) {
        return value instanceof JsonNode tree ? PLAIN.convertValue(tree, new TypeReference<ArrayList<Object>>() {
        }) : (List<Object>) value;
    }

    /** The examples of the named schema, which must have at least one. */
    public static List<Object> examples(Map<String, Object> schemas, String name) {
        List<Object> examples = list(map(schemas.get(name)).get("examples"));
        assertFalse(examples.isEmpty(), name + " has no example");
        return examples;
    }

    /** The examples of the named schema of {@code json_schemas}, which must have at least one. */
    public static List<Object> examples(JsonNode schemas, String name) {
        return examples(plain(schemas), name);
    }
}
