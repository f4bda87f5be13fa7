package dev.tasklane.adapter.http.onboarding;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;

/** Reading the onboarding document's nested maps and lists in tests, and a schema's examples. */
public final class DocumentTrees {
    private DocumentTrees() {
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    public static List<Object> list(Object value) {
        return (List<Object>) value;
    }

    /** The examples of the named schema, which must have at least one. */
    public static List<Object> examples(Map<String, Object> schemas, String name) {
        List<Object> examples = list(map(schemas.get(name)).get("examples"));
        assertFalse(examples.isEmpty(), name + " has no example");
        return examples;
    }
}
