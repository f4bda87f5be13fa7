package dev.tasklane.adapter.mcp;

import dev.tasklane.adapter.http.ApiCalls;

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
    /** Subtrees shorter than this (as JSON) stay where they are, whatever sharing them would save. */
    static final int SHARED_MIN_CHARS = 24;
    private static final Set<String> DOCUMENT_ONLY = Set.of("$schema", "$id", "title", "examples");

    private SchemaTrees() {
    }

    /** A JSON object of the API's plain trees (maps, lists and scalars, as {@link ApiCalls} gives them) as a map. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object tree) {
        if (!(tree instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("not a JSON object: " + tree);
        }
        return (Map<String, Object>) tree;
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
     * long as JSON) into {@code $defs}, leaving {@code {"$ref": "#/$defs/name"}} in its places; the largest shared
     * subtree wins over the shared parts inside it. A definition is named after the property it first stood under.
     * A definition that ends up referenced once is put back in its place.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> shareRepeats(Map<String, Object> schema, Function<Object, String> json) {
        Map<Object, String> texts = new java.util.IdentityHashMap<>();
        Map<String, Integer> counts = new java.util.HashMap<>();
        text(schema, json, texts, counts);
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, Object> defs = new LinkedHashMap<>();
        Map<String, Integer> uses = new java.util.HashMap<>();
        Map<String, Object> root = (Map<String, Object>) share(schema, null, true, texts, counts, names, defs, uses);
        // put back what is referenced once: its parts stay shared where they are shared elsewhere
        Map<String, Object> kept = new LinkedHashMap<>();
        defs.forEach((name, body) -> {
            if (uses.getOrDefault(name, 0) >= 2) {
                kept.put(name, body);
            }
        });
        Function<Object, Object> inline = new Function<>() {
            @Override
            public Object apply(Object node) {
                if (node instanceof Map<?, ?> map) {
                    Object ref = map.get("$ref");
                    if (map.size() == 1 && ref instanceof String target && target.startsWith("#/$defs/")) {
                        String name = target.substring("#/$defs/".length());
                        if (!kept.containsKey(name)) {
                            return apply(defs.get(name));
                        }
                    }
                    Map<String, Object> out = new LinkedHashMap<>();
                    map.forEach((key, value) -> out.put(String.valueOf(key), apply(value)));
                    return out;
                }
                if (node instanceof List<?> list) {
                    List<Object> out = new ArrayList<>();
                    list.forEach(item -> out.add(apply(item)));
                    return out;
                }
                return node;
            }
        };
        Map<String, Object> result = (Map<String, Object>) inline.apply(root);
        if (!kept.isEmpty()) {
            Map<String, Object> finalDefs = new LinkedHashMap<>();
            kept.forEach((name, body) -> finalDefs.put(name, inline.apply(body)));
            result.put("$defs", finalDefs);
        }
        return result;
    }

    /**
     * Whether sharing a subtree of {@code length} characters that occurs {@code count} times under {@code name}
     * makes the schema shorter: one definition and {@code count} references instead of {@code count} copies.
     */
    private static boolean saves(int length, int count, String name) {
        int reference = "{\"$ref\":\"#/$defs/\"}".length() + name.length();
        int definition = name.length() + 4;
        return count >= 2 && (long) count * length > (long) count * reference + length + definition;
    }

    /** The JSON text of every object subtree (by identity), and how often each text occurs. */
    private static String text(Object node, Function<Object, String> json, Map<Object, String> texts,
                               Map<String, Integer> counts) {
        if (node instanceof Map<?, ?> map) {
            map.values().forEach(value -> text(value, json, texts, counts));
            String text = json.apply(map);
            texts.put(map, text);
            counts.merge(text, 1, Integer::sum);
            return text;
        }
        if (node instanceof List<?> list) {
            list.forEach(item -> text(item, json, texts, counts));
        }
        return null;
    }

    private static Object share(Object node, String under, boolean top, Map<Object, String> texts,
                                Map<String, Integer> counts, Map<String, String> names, Map<String, Object> defs,
                                Map<String, Integer> uses) {
        if (node instanceof Map<?, ?> map) {
            String text = texts.get(map);
            if (!top && text != null && text.length() >= SHARED_MIN_CHARS && !map.containsKey("$ref")
                    && saves(text.length(), counts.getOrDefault(text, 0), names.containsKey(text) ? names.get(text)
                    : under == null ? "shared" : under)) {
                String name = names.get(text);
                if (name == null) {
                    name = unique(under == null ? "shared" : under, defs.keySet());
                    names.put(text, name);
                    defs.put(name, Map.of());
                    defs.put(name, copyShared(map, under, texts, counts, names, defs, uses));
                }
                uses.merge(name, 1, Integer::sum);
                return Map.of("$ref", "#/$defs/" + name);
            }
            return copyShared(map, under, texts, counts, names, defs, uses);
        }
        if (node instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(item -> out.add(share(item, under, false, texts, counts, names, defs, uses)));
            return out;
        }
        return node;
    }

    private static Map<String, Object> copyShared(Map<?, ?> map, String under, Map<Object, String> texts,
                                                  Map<String, Integer> counts, Map<String, String> names,
                                                  Map<String, Object> defs, Map<String, Integer> uses) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            String key = String.valueOf(entry.getKey());
            if (("properties".equals(key) || "$defs".equals(key)) && entry.getValue() instanceof Map<?, ?> fields) {
                Map<String, Object> copied = new LinkedHashMap<>();
                for (Map.Entry<?, ?> field : fields.entrySet()) {
                    String name = String.valueOf(field.getKey());
                    copied.put(name, share(field.getValue(), name, false, texts, counts, names, defs, uses));
                }
                out.put(key, copied);
            } else {
                String label = "items".equals(key) || "anyOf".equals(key) || "oneOf".equals(key) ? under : key;
                out.put(key, share(entry.getValue(), label, false, texts, counts, names, defs, uses));
            }
        }
        return out;
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
