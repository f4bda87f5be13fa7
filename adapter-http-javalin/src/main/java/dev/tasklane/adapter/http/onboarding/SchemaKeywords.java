package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * The JSON Schema keywords of a schema part stated by hand (the goal and batch forms, a condition between a type's
 * fields), set one by one and made a Jackson tree by {@link #tree()}: the keywords not set are not written, and those
 * set are written in one fixed order (type, const, pattern, bounds, items, required, description, properties,
 * anyOf, not, if/then/else), the order in which the published schemas state them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
@JsonPropertyOrder({"type", "const", "pattern", "maxLength", "minItems", "maxItems", "items", "required",
        "description", "properties", "anyOf", "not", "if", "then", "else"})
final class SchemaKeywords {
    private static final ObjectMapper TREES = JsonMapper.builder().build();

    private String type;
    @JsonProperty("const")
    private Object constant;
    private String pattern;
    private Integer maxLength;
    private Integer minItems;
    private Integer maxItems;
    private JsonNode items;
    private List<String> required;
    private String description;
    private LinkedHashMap<String, JsonNode> properties;
    private List<JsonNode> anyOf;
    private JsonNode not;
    @JsonProperty("if")
    private JsonNode when;
    private JsonNode then;
    @JsonProperty("else")
    private JsonNode otherwise;

    /** The schema of an object whose {@code name} is required and matches {@code schema}. */
    static SchemaKeywords requires(String name, Object schema) {
        return new SchemaKeywords().required(name).property(name, schema);
    }

    /** The schema of a value that must equal {@code value}. */
    static SchemaKeywords constant(Object value) {
        SchemaKeywords out = new SchemaKeywords();
        out.constant = value;
        return out;
    }

    SchemaKeywords type(String value) {
        type = value;
        return this;
    }

    SchemaKeywords pattern(String value) {
        pattern = value;
        return this;
    }

    SchemaKeywords maxLength(int value) {
        maxLength = value;
        return this;
    }

    SchemaKeywords minItems(int value) {
        minItems = value;
        return this;
    }

    SchemaKeywords maxItems(int value) {
        maxItems = value;
        return this;
    }

    SchemaKeywords items(Object schema) {
        items = tree(schema);
        return this;
    }

    SchemaKeywords required(String... names) {
        required = List.of(names);
        return this;
    }

    SchemaKeywords description(String value) {
        description = value;
        return this;
    }

    /** Adds a property after those already set. */
    SchemaKeywords property(String name, Object schema) {
        if (properties == null) {
            properties = new LinkedHashMap<>();
        }
        properties.put(name, tree(schema));
        return this;
    }

    SchemaKeywords anyOf(Object... schemas) {
        anyOf = java.util.Arrays.stream(schemas).map(SchemaKeywords::tree).toList();
        return this;
    }

    SchemaKeywords not(Object schema) {
        not = tree(schema);
        return this;
    }

    /** {@code if} {@code condition} {@code then} {@code consequence}, {@code else} {@code alternative} (or none). */
    SchemaKeywords when(Object condition, Object consequence, Object alternative) {
        when = tree(condition);
        then = tree(consequence);
        otherwise = alternative == null ? null : tree(alternative);
        return this;
    }

    /** These keywords as a schema tree. */
    ObjectNode tree() {
        return TREES.valueToTree(this);
    }

    /** A schema part as a tree: a tree as it is, keywords by {@link #tree()}. */
    private static JsonNode tree(Object schema) {
        if (schema instanceof SchemaKeywords keywords) {
            return keywords.tree();
        }
        return schema instanceof JsonNode node ? node : TREES.valueToTree(schema);
    }
}
