package dev.tasklane.adapter.mcp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Tool input schemas made from the onboarding's published body schemas, small enough for a model's context: the
 * published tree is taken as it is, then compacted without changing what it accepts. Compaction drops what only
 * documents ({@code examples}, and the {@code $schema}, {@code $id} and {@code title} of the published document,
 * which the tool's own name and description replace) and moves every subtree that occurs more than once (the task
 * object's fields in a task, a goal's child and a batch's goal) into {@code $defs}, referenced by {@code $ref}.
 */
final class SchemaTrees {
    /** Subtrees shorter than this (as JSON) stay where they are: a reference would save too little. */
    static final int SHARED_MIN_CHARS = 120;
    private static final Set<String> DOCUMENT_ONLY = Set.of("$schema", "$id", "title", "examples");

    private SchemaTrees() {
    }

    /** A deep, modifiable copy of a published schema without the keys that only document it. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> body(Object published) {
        Map<String, Object> copy = (Map<String, Object>) copy(published);
        DOCUMENT_ONLY.forEach(copy::remove);
        stripExamples(copy);
        return copy;
    }

    /** The schema of property {@code name} of an object schema (a copy). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> property(Map<String, Object> objectSchema, String name) {
        Object properties = objectSchema.get("properties");
        Object property = properties instanceof Map<?, ?> map ? map.get(name) : null;
        if (!(property instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("the published schema has no property " + name);
        }
        return (Map<String, Object>) copy(property);
    }

    /** Adds (or replaces) a property of an object schema, and lists it as required when {@code required}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> withProperty(Map<String, Object> objectSchema, String name, Map<String, Object> schema,
                                            boolean required) {
        Map<String, Object> properties = new LinkedHashMap<>((Map<String, Object>) objectSchema.getOrDefault("properties", Map.of()));
        Map<String, Object> reordered = new LinkedHashMap<>();
        if (required) {
            reordered.put(name, schema);
            properties.remove(name);
            reordered.putAll(properties);
        } else {
            reordered.putAll(properties);
            reordered.put(name, schema);
        }
        objectSchema.put("properties", reordered);
        List<Object> names = new ArrayList<>((List<Object>) objectSchema.getOrDefault("required", List.of()));
        names.remove(name);
        if (required) {
            names.add(0, name);
        }
        if (names.isEmpty()) {
            objectSchema.remove("required");
        } else {
            objectSchema.put("required", names);
        }
        return objectSchema;
    }

    /** A copy of {@code schema} with its description replaced. */
    static Map<String, Object> describedAs(Map<String, Object> schema, String description) {
        Map<String, Object> copy = new LinkedHashMap<>(schema);
        copy.put("description", description);
        return copy;
    }

    /**
     * Moves every subtree of {@code schema} that occurs twice or more (and is at least {@link #SHARED_MIN_CHARS}
     * long as JSON) into {@code $defs}, largest first, leaving {@code {"$ref": "#/$defs/name"}} in its places.
     * The definition is named after the property it first stood under.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> shareRepeats(Map<String, Object> schema, Function<Object, String> json) {
        Map<String, Object> root = (Map<String, Object>) copy(schema);
        Map<String, Object> defs = new LinkedHashMap<>();
        while (true) {
            Map<String, Integer> counts = new LinkedHashMap<>();
            Map<String, String> names = new LinkedHashMap<>();
            count(root, null, json, counts, names, true);
            for (Object def : defs.values()) {
                count(def, null, json, counts, names, true);
            }
            String best = null;
            for (Map.Entry<String, Integer> entry : counts.entrySet()) {
                if (entry.getValue() >= 2 && entry.getKey().length() >= SHARED_MIN_CHARS
                        && (best == null || entry.getKey().length() > best.length())) {
                    best = entry.getKey();
                }
            }
            if (best == null) {
                break;
            }
            String name = unique(names.get(best), defs.keySet());
            Object shared = find(root, best, json);
            if (shared == null) {
                for (Object def : defs.values()) {
                    shared = shared == null ? find(def, best, json) : shared;
                }
            }
            Map<String, Object> reference = Map.of("$ref", "#/$defs/" + name);
            root = (Map<String, Object>) replace(root, best, reference, json, true);
            for (Map.Entry<String, Object> def : defs.entrySet()) {
                def.setValue(replace(def.getValue(), best, reference, json, true));
            }
            defs.put(name, copy(shared));
        }
        if (!defs.isEmpty()) {
            root.put("$defs", defs);
        }
        return root;
    }

    private static void count(Object node, String under, Function<Object, String> json, Map<String, Integer> counts,
                              Map<String, String> names, boolean top) {
        if (node instanceof Map<?, ?> map) {
            if (!top) {
                String text = json.apply(map);
                counts.merge(text, 1, Integer::sum);
                names.putIfAbsent(text, under == null ? "shared" : under);
            }
            boolean properties = false;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String key = String.valueOf(entry.getKey());
                properties = "properties".equals(key);
                String label = properties || "items".equals(key) || "anyOf".equals(key) ? under : key;
                if (properties && entry.getValue() instanceof Map<?, ?> fields) {
                    for (Map.Entry<?, ?> field : fields.entrySet()) {
                        count(field.getValue(), String.valueOf(field.getKey()), json, counts, names, false);
                    }
                } else {
                    count(entry.getValue(), label, json, counts, names, false);
                }
            }
        } else if (node instanceof List<?> list) {
            for (Object item : list) {
                count(item, under, json, counts, names, false);
            }
        }
    }

    private static Object find(Object node, String text, Function<Object, String> json) {
        if (node instanceof Map<?, ?> map) {
            if (json.apply(map).equals(text)) {
                return map;
            }
            for (Object value : map.values()) {
                Object found = find(value, text, json);
                if (found != null) {
                    return found;
                }
            }
        } else if (node instanceof List<?> list) {
            for (Object item : list) {
                Object found = find(item, text, json);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static Object replace(Object node, String text, Object reference, Function<Object, String> json,
                                  boolean top) {
        if (node instanceof Map<?, ?> map) {
            if (!top && json.apply(map).equals(text)) {
                return reference;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, value) -> out.put(String.valueOf(key), replace(value, text, reference, json, false)));
            return out;
        }
        if (node instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(item -> out.add(replace(item, text, reference, json, false)));
            return out;
        }
        return node;
    }

    private static String unique(String wanted, Set<String> taken) {
        String name = wanted.replaceAll("[^A-Za-z0-9_]", "_");
        String candidate = name;
        for (int n = 2; taken.contains(candidate); n++) {
            candidate = name + "_" + n;
        }
        return candidate;
    }

    private static void stripExamples(Object node) {
        if (node instanceof Map<?, ?> map) {
            map.remove("examples");
            map.values().forEach(SchemaTrees::stripExamples);
        } else if (node instanceof List<?> list) {
            list.forEach(SchemaTrees::stripExamples);
        }
    }

    /** A deep copy into modifiable maps and lists. */
    static Object copy(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, value) -> out.put(String.valueOf(key), copy(value)));
            return out;
        }
        if (node instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(item -> out.add(copy(item)));
            return out;
        }
        return node;
    }

    /** An unmodifiable view of a finished tree's top level. */
    static Map<String, Object> done(Map<String, Object> tree) {
        return Collections.unmodifiableMap(tree);
    }

    static Set<String> names(String... values) {
        return new LinkedHashSet<>(List.of(values));
    }
}
