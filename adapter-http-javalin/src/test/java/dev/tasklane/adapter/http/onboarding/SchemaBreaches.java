package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Bodies that each break exactly one rule a schema states, found by walking the schema itself beside a valid body:
 * every required field (removed), maxLength, minLength, pattern, minimum, enum and const of a property, maxItems of
 * an array, into nested objects, the entries of arrays and the alternative of a {@code oneOf} that the body takes.
 */
public final class SchemaBreaches {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = MAPPER.getNodeFactory();
    /** Strings to try against a pattern, in order: the first it refuses breaks it. */
    private static final List<String> PATTERN_BREAKERS = List.of(" ", "/etc/../passwd", "x");
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    /** One body that breaks one rule: {@code what} names the rule and where. */
    public record Breach(String what, JsonNode body) {
    }

    private SchemaBreaches() {
    }

    /** A validator of {@code schema} (a tree of maps and lists, or a JSON node), draft 2020-12. */
    public static JsonSchema validator(Object schema) {
        return FACTORY.getSchema(MAPPER.<JsonNode>valueToTree(schema));
    }

    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** Every breach of {@code schema} in copies of {@code body} (which the schema must accept). */
    public static List<Breach> of(Object schema, Object body) {
        List<Breach> out = new ArrayList<>();
        JsonNode root = tree(body);
        walk(tree(schema), root, "", root, out);
        return out;
    }

    private static void walk(JsonNode schema, JsonNode value, String path, JsonNode root, List<Breach> out) {
        if (schema.has("oneOf")) {
            JsonNode taken = null;
            for (JsonNode alternative : schema.get("oneOf")) {
                if (FACTORY.getSchema(alternative).validate(value).isEmpty()) {
                    taken = alternative;
                }
            }
            if (taken != null) {
                walk(taken, value, path, root, out);
            }
            return;
        }
        rules(schema, path, root, out);
        if (value instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> property = it.next();
                if (object.has(property.getKey())) {
                    walk(property.getValue(), object.get(property.getKey()), path + "/" + property.getKey(), root, out);
                }
            }
            for (JsonNode required : schema.path("required")) {
                if (object.has(required.asText())) {
                    out.add(new Breach(path + "/" + required.asText() + " missing",
                            without(root, path + "/" + required.asText())));
                }
            }
        }
        if (value instanceof ArrayNode array && schema.has("items")) {
            for (int i = 0; i < array.size(); i++) {
                walk(schema.get("items"), array.get(i), path + "/" + i, root, out);
            }
        }
    }

    /** The breaches of the rules stated on the value at {@code path} itself. */
    private static void rules(JsonNode rules, String path, JsonNode root, List<Breach> out) {
        if (path.isEmpty()) {
            return;
        }
        if (rules.has("maxLength")) {
            out.add(new Breach(path + " longer than maxLength",
                    with(root, path, NODES.textNode("x".repeat(rules.get("maxLength").asInt() + 1)))));
        }
        if (rules.has("minLength") && rules.get("minLength").asInt() > 0) {
            out.add(new Breach(path + " shorter than minLength",
                    with(root, path, NODES.textNode("x".repeat(rules.get("minLength").asInt() - 1)))));
        }
        if (rules.has("pattern")) {
            Pattern pattern = Pattern.compile(rules.get("pattern").asText());
            PATTERN_BREAKERS.stream().filter(text -> !pattern.matcher(text).find()).findFirst().ifPresent(text ->
                    out.add(new Breach(path + " not matching its pattern", with(root, path, NODES.textNode(text)))));
        }
        if (rules.has("minimum")) {
            out.add(new Breach(path + " below minimum",
                    with(root, path, NODES.numberNode(rules.get("minimum").asLong() - 1))));
        }
        if (rules.has("enum")) {
            out.add(new Breach(path + " outside enum", with(root, path, NODES.textNode("not_a_value"))));
        }
        if (rules.has("const") && rules.get("const").isBoolean()) {
            out.add(new Breach(path + " not its constant",
                    with(root, path, NODES.booleanNode(!rules.get("const").asBoolean()))));
        }
        if (rules.has("maxItems") && root.at(path) instanceof ArrayNode array && !array.isEmpty()) {
            ArrayNode longer = NODES.arrayNode();
            for (int i = 0; i <= rules.get("maxItems").asInt(); i++) {
                longer.add(array.get(i % array.size()).deepCopy());
            }
            out.add(new Breach(path + " longer than maxItems", with(root, path, longer)));
        }
    }

    private static JsonNode with(JsonNode root, String pointer, JsonNode value) {
        JsonNode copy = root.deepCopy();
        int cut = pointer.lastIndexOf('/');
        JsonNode parent = copy.at(pointer.substring(0, cut));
        String last = pointer.substring(cut + 1);
        if (parent instanceof ArrayNode array) {
            array.set(Integer.parseInt(last), value);
        } else {
            ((ObjectNode) parent).set(last, value);
        }
        return copy;
    }

    private static JsonNode without(JsonNode root, String pointer) {
        JsonNode copy = root.deepCopy();
        int cut = pointer.lastIndexOf('/');
        ((ObjectNode) copy.at(pointer.substring(0, cut))).remove(pointer.substring(cut + 1));
        return copy;
    }
}
